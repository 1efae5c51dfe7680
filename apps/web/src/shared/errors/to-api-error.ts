import { normalizeClientError } from '@tessera/core';
import type { ApiError } from '../api/api-request';

function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'error' in value && typeof value.error === 'string';
}

/**
 * The error of an RTK Query hook is our ApiError, or a SerializedError when something threw inside
 * the client; either way the UI renders an ApiError. Undefined stays null (no error).
 */
export function toApiError(error: unknown): ApiError | null {
  if (error === undefined || error === null) return null;
  if (isApiError(error)) return error;
  return normalizeClientError({ kind: 'exception', error });
}

/** The sentence to show for an error of unknown shape. */
export function errorText(error: unknown): string {
  return toApiError(error)?.error ?? 'An error occurred';
}
