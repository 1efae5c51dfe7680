import { GENERIC_ERROR_MESSAGE } from '@tessera/core';
import { toApiError } from './to-api-error';

/** The generic save failure when nothing says why (spec 001 §8 'Generic save'). */
export const UNKNOWN_SAVE_ERROR = 'Sorry, an unknown error occurred.';

/**
 * Spec 001 §8 'Generic save': 'Sorry, there was an error saving this {what}: {why}', or the unknown-error
 * sentence when the failure carries no reason of its own.
 */
export function saveErrorText(what: string, error: unknown): string {
  const reason = toApiError(error)?.error.trim() ?? '';
  if (reason === '' || reason === GENERIC_ERROR_MESSAGE) return UNKNOWN_SAVE_ERROR;
  return `Sorry, there was an error saving this ${what}: ${reason}`;
}
