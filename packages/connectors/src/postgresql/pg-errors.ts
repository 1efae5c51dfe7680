import { ConnectorError } from '../types';
import { connectorError, firstLine } from '../shared/error-messages';
import type { ErrorContext } from '../shared/error-messages';
import { errorShape } from '../shared/error-shape';
import { classifyNetworkError } from '../shared/network-errors';

export type ErrorPhase = 'connect' | 'query';

function captured(message: string, re: RegExp): string {
  return re.exec(message)?.[1] ?? '';
}

/** Maps a pg error (SQLSTATE in `code`) or a socket error onto a ConnectorError. */
export function classifyPgError(error: unknown, ctx: ErrorContext, phase: ErrorPhase): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const { message, code } = errorShape(error);
  const engineMessage = firstLine(message);
  const detail = { engineMessage, cause: error };
  if (phase === 'connect') {
    const network = classifyNetworkError(error);
    if (network) return connectorError(network, ctx, detail);
    // pg's connect timeout destroys the socket, which surfaces as an unexpected termination.
    if (!code && /connection terminated/i.test(message))
      return connectorError('CONNECTION_HOST_DOWN_ERROR', ctx, detail);
  }
  switch (code) {
    case '28P01':
      return connectorError('CONNECTION_INVALID_PASSWORD_ERROR', ctx, detail);
    case '28000':
      return /role .* does not exist/i.test(message)
        ? connectorError('CONNECTION_INVALID_USERNAME_ERROR', ctx, detail)
        : connectorError('CONNECTION_ACCESS_DENIED_ERROR', ctx, detail);
    case '3D000':
      return connectorError('CONNECTION_UNKNOWN_DATABASE_ERROR', ctx, detail);
    case '42501':
      if (phase === 'connect') return connectorError('CONNECTION_DATABASE_PERMISSIONS_ERROR', ctx, detail);
      break;
    case '42703':
      return connectorError('COLUMN_DOES_NOT_EXIST_ERROR', ctx, {
        ...detail,
        params: { column: captured(message, /column "?([^"]+?)"? does not exist/) },
      });
    case '42P01':
      return connectorError('TABLE_DOES_NOT_EXIST_ERROR', ctx, {
        ...detail,
        params: { table: captured(message, /relation "([^"]+)" does not exist/) },
      });
    case '3F000':
      return connectorError('SCHEMA_DOES_NOT_EXIST_ERROR', ctx, {
        ...detail,
        params: { schema: captured(message, /schema "([^"]+)" does not exist/) },
      });
    case '42601':
      return connectorError('SYNTAX_ERROR', ctx, detail);
    case '25006':
      return connectorError('DML_NOT_ALLOWED_ERROR', ctx, detail);
    case '57014':
      // query_canceled is also raised by statement_timeout, which is not a user's Stop.
      if (/statement timeout/i.test(message)) return connectorError('GENERIC_DB_ENGINE_ERROR', ctx, detail);
      return connectorError('cancelled', ctx, detail);
    default:
      break;
  }
  if (
    phase === 'connect' &&
    /client password must be a string|password authentication failed/i.test(message)
  ) {
    return connectorError('CONNECTION_INVALID_PASSWORD_ERROR', ctx, detail);
  }
  return connectorError('GENERIC_DB_ENGINE_ERROR', ctx, detail);
}
