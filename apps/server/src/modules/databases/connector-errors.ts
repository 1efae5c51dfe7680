import { ConnectorError } from '@tessera/connectors';
import type { ApiError } from '../../platform/errors';
import { sip40Error } from '../../platform/errors';

/** Turns an engine failure into a SIP-40 body; the message never carries a password. */
export function connectorFailure(error: unknown, engineName: string, status = 422): ApiError {
  if (error instanceof ConnectorError) {
    const kind = error.kind === 'cancelled' ? 'GENERIC_DB_ENGINE_ERROR' : error.kind;
    return sip40Error(status, kind, error.message, { engine_name: error.engineName, ...error.params });
  }
  return sip40Error(status, 'GENERIC_DB_ENGINE_ERROR', 'The database returned an unexpected error.', {
    engine_name: engineName,
  });
}
