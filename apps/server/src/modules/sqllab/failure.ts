import { buildSupersetError, type ErrorType, type SupersetError } from '@tessera/contracts';
import { sip40Errors, type ApiError } from '../../platform/errors';

/**
 * Why a query did not succeed: the SIP-40 error it keeps in extra.errors, the HTTP status a sync
 * caller gets, and the state the row ends in.
 */
export class QueryFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: SupersetError,
    readonly state: 'failed' | 'timed_out' = 'failed',
  ) {
    super(error.message);
    this.name = 'QueryFailure';
  }

  toApiError(): ApiError {
    return sip40Errors(this.status, [this.error]);
  }
}

export function queryFailure(
  status: number,
  errorType: ErrorType,
  message: string,
  extra: Record<string, unknown> | null = null,
): QueryFailure {
  return new QueryFailure(status, buildSupersetError(errorType, message, extra));
}
