import { ConnectorError } from '../types';
import { connectorError, firstLine } from '../shared/error-messages';
import type { ErrorContext } from '../shared/error-messages';
import { errorShape } from '../shared/error-shape';

export type ErrorPhase = 'connect' | 'query';

const unquote = (name: string): string => name.replace(/^"(.*)"$/, '$1');

/** DuckDB errors are "<Kind> Error: <text>"; the kind and text decide the class. */
export function classifyDuckdbError(error: unknown, ctx: ErrorContext, phase: ErrorPhase): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const { message } = errorShape(error);
  const engineMessage = firstLine(message);
  const detail = { engineMessage, cause: error };
  let match: RegExpExecArray | null;
  if (/^INTERRUPT Error|Interrupted!/i.test(message)) return connectorError('cancelled', ctx, detail);
  if (phase === 'connect' && /^IO Error/i.test(message)) {
    return connectorError('CONNECTION_UNKNOWN_DATABASE_ERROR', ctx, detail);
  }
  if (
    (match = /schema "([^"]+)" does not exist|Schema with name "?([^"\s]+)"? does not exist/i.exec(message))
  ) {
    return connectorError('SCHEMA_DOES_NOT_EXIST_ERROR', ctx, {
      ...detail,
      params: { schema: match[1] ?? match[2] ?? '' },
    });
  }
  if ((match = /Table with name ("[^"]+"|\S+) does not exist/i.exec(message))) {
    const name = unquote(match[1] ?? '');
    return connectorError('TABLE_DOES_NOT_EXIST_ERROR', ctx, {
      ...detail,
      params: { table: name.split('.').pop() ?? name },
    });
  }
  if (
    (match = /Referenced column "([^"]+)" not found|does not have a column named "([^"]+)"/i.exec(message))
  ) {
    return connectorError('COLUMN_DOES_NOT_EXIST_ERROR', ctx, {
      ...detail,
      params: { column: match[1] ?? match[2] ?? '' },
    });
  }
  if (/Parser Error/i.test(message)) return connectorError('SYNTAX_ERROR', ctx, detail);
  if (/read-only mode|read only mode|attached in read-only/i.test(message)) {
    return connectorError('DML_NOT_ALLOWED_ERROR', ctx, detail);
  }
  return connectorError('GENERIC_DB_ENGINE_ERROR', ctx, detail);
}
