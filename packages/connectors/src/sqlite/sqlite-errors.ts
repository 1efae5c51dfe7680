import { ConnectorError } from '../types';
import { connectorError, firstLine } from '../shared/error-messages';
import type { ErrorContext } from '../shared/error-messages';
import { errorShape } from '../shared/error-shape';

export type ErrorPhase = 'connect' | 'query';

/** SQLite reports by message text; the error code only separates a few classes. */
export function classifySqliteError(error: unknown, ctx: ErrorContext, phase: ErrorPhase): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const { message, code } = errorShape(error);
  const engineMessage = firstLine(message);
  const detail = { engineMessage, cause: error };
  let match: RegExpExecArray | null;
  if (code === 'SQLITE_CANTOPEN' || /unable to open database file/i.test(message)) {
    return connectorError('CONNECTION_UNKNOWN_DATABASE_ERROR', ctx, detail);
  }
  if (phase === 'connect' && /directory does not exist/i.test(message)) {
    return connectorError('CONNECTION_UNKNOWN_DATABASE_ERROR', ctx, detail);
  }
  if ((match = /no such table: (\S+)/i.exec(message))) {
    const name = match[1] ?? '';
    return connectorError('TABLE_DOES_NOT_EXIST_ERROR', ctx, {
      ...detail,
      params: { table: name.split('.').pop() ?? name },
    });
  }
  if ((match = /no such column: (\S+)/i.exec(message))) {
    return connectorError('COLUMN_DOES_NOT_EXIST_ERROR', ctx, {
      ...detail,
      params: { column: match[1] ?? '' },
    });
  }
  if ((match = /unknown database (\S+)/i.exec(message))) {
    return connectorError('SCHEMA_DOES_NOT_EXIST_ERROR', ctx, {
      ...detail,
      params: { schema: match[1] ?? '' },
    });
  }
  if (/syntax error|incomplete input|unrecognized token/i.test(message)) {
    return connectorError('SYNTAX_ERROR', ctx, detail);
  }
  if (code?.startsWith('SQLITE_READONLY') || /readonly database|query_only/i.test(message)) {
    return connectorError('DML_NOT_ALLOWED_ERROR', ctx, detail);
  }
  if (code === 'SQLITE_INTERRUPT') return connectorError('cancelled', ctx, detail);
  return connectorError('GENERIC_DB_ENGINE_ERROR', ctx, detail);
}
