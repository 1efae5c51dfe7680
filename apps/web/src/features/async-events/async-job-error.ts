import { supersetErrorSchema } from '@tessera/contracts';
import type { ApiError } from '../../shared/api/api-request';
import { AsyncJobError } from './async-event-client';

/**
 * A failed job as the chart runtime shows failures: the first error's message, and the SIP-40
 * errors when the job's errors are full SIP-40 objects (so the error type's own component renders).
 */
export function apiErrorOfJob(error: AsyncJobError): ApiError {
  const sip40 = supersetErrorSchema.array().safeParse(error.errors);
  return {
    error: error.message,
    ...(sip40.success && sip40.data.length > 0 ? { errors: sip40.data } : {}),
  };
}

export { AsyncJobError };
