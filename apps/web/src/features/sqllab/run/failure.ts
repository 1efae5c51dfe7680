import type { SupersetError } from '@tessera/contracts';
import { GENERIC_ERROR_MESSAGE } from '@tessera/core';
import { toApiError } from '../../../shared/errors/to-api-error';

export const UNKNOWN_ERROR = 'Unknown error';

export interface QueryFailure {
  id: string;
  errorMessage: string;
  errors: SupersetError[] | null;
  link: string | null;
}

/** What `queryFailed` stores for any failed call: the sentence, the rich errors and the link. */
export function failureOf(id: string, error: unknown, fallback: string = UNKNOWN_ERROR): QueryFailure {
  const apiError = toApiError(error);
  const message = apiError?.error.trim() ?? '';
  return {
    id,
    // The catch-all sentence says nothing about this failure: the run's own fallback says it better.
    errorMessage: message === '' || message === GENERIC_ERROR_MESSAGE ? fallback : message,
    errors: apiError?.errors ?? null,
    link: apiError?.link ?? null,
  };
}

/** The server refused the CSRF token: the session timed out (spec 000 §8). */
export function isSessionTimeout(failure: QueryFailure): boolean {
  return failure.errors?.some((error) => error.error_type === 'FRONTEND_CSRF_ERROR') ?? false;
}
