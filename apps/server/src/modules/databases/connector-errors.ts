import { ConnectorError } from '@tessera/connectors';
import type { DatabaseParameterField } from '@tessera/contracts';
import type { ApiError } from '../../platform/errors';
import { sip40Error } from '../../platform/errors';

/** The form fields a connection failure points at, as `extra.invalid` of Superset's engine errors. */
const INVALID_FIELDS = new Map<string, DatabaseParameterField[]>([
  ['CONNECTION_INVALID_USERNAME_ERROR', ['username']],
  ['CONNECTION_INVALID_PASSWORD_ERROR', ['password']],
  ['CONNECTION_ACCESS_DENIED_ERROR', ['username', 'password']],
  ['CONNECTION_INVALID_HOSTNAME_ERROR', ['host']],
  ['CONNECTION_HOST_DOWN_ERROR', ['host', 'port']],
  ['CONNECTION_PORT_CLOSED_ERROR', ['port']],
  ['CONNECTION_INVALID_PORT_ERROR', ['port']],
  ['CONNECTION_UNKNOWN_DATABASE_ERROR', ['database']],
]);

/**
 * Turns an engine failure into a SIP-40 body; the message never carries a password. With `markFields`
 * (test_connection) a connection error names the form fields at fault in `extra.invalid`.
 */
export function connectorFailure(
  error: unknown,
  engineName: string,
  status = 422,
  markFields = false,
): ApiError {
  if (error instanceof ConnectorError) {
    const kind = error.kind === 'cancelled' ? 'GENERIC_DB_ENGINE_ERROR' : error.kind;
    const invalid = markFields ? INVALID_FIELDS.get(kind) : undefined;
    return sip40Error(status, kind, error.message, {
      engine_name: error.engineName,
      ...error.params,
      ...(invalid === undefined ? {} : { invalid }),
    });
  }
  return sip40Error(status, 'GENERIC_DB_ENGINE_ERROR', 'The database returned an unexpected error.', {
    engine_name: engineName,
  });
}
