import { ConnectorError } from '../types';
import { connectorError, firstLine } from '../shared/error-messages';
import type { ErrorContext } from '../shared/error-messages';
import { errorShape } from '../shared/error-shape';
import { classifyNetworkError } from '../shared/network-errors';

export type ErrorPhase = 'connect' | 'query';

function captured(message: string, re: RegExp): string {
  return re.exec(message)?.[1] ?? '';
}

/** "db.table" -> "table": MySQL names the table with its schema. */
function lastPart(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? name : name.slice(dot + 1);
}

/** Maps a mysql2 error (errno) or a socket error onto a ConnectorError. */
export function classifyMysqlError(error: unknown, ctx: ErrorContext, phase: ErrorPhase): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const { message, errno } = errorShape(error);
  const engineMessage = firstLine(message);
  const detail = { engineMessage, cause: error };
  if (phase === 'connect') {
    const network = classifyNetworkError(error);
    if (network) return connectorError(network, ctx, detail);
  }
  switch (errno) {
    case 1045:
    case 1698:
      return connectorError('CONNECTION_ACCESS_DENIED_ERROR', ctx, detail);
    case 1044:
      return connectorError('CONNECTION_DATABASE_PERMISSIONS_ERROR', ctx, detail);
    case 1049: {
      const name = captured(message, /Unknown database '([^']+)'/);
      return phase === 'connect'
        ? connectorError('CONNECTION_UNKNOWN_DATABASE_ERROR', ctx, detail)
        : connectorError('SCHEMA_DOES_NOT_EXIST_ERROR', ctx, { ...detail, params: { schema: name } });
    }
    case 1054:
      return connectorError('COLUMN_DOES_NOT_EXIST_ERROR', ctx, {
        ...detail,
        params: { column: captured(message, /Unknown column '([^']+)'/) },
      });
    case 1146:
      return connectorError('TABLE_DOES_NOT_EXIST_ERROR', ctx, {
        ...detail,
        params: { table: lastPart(captured(message, /Table '([^']+)' doesn't exist/)) },
      });
    case 1064:
      return connectorError('SYNTAX_ERROR', ctx, detail);
    case 1792:
    case 1290:
      return connectorError('DML_NOT_ALLOWED_ERROR', ctx, detail);
    case 1317:
      return connectorError('cancelled', ctx, detail);
    default:
      if (phase === 'connect' && /access denied for user/i.test(message)) {
        return connectorError('CONNECTION_ACCESS_DENIED_ERROR', ctx, detail);
      }
      return connectorError('GENERIC_DB_ENGINE_ERROR', ctx, detail);
  }
}
