import type { ClientErrorObject } from './client-error';

/** Spec 001 §8: what an annotation layer shows when its query timed out. */
export const ANNOTATION_TIMEOUT_MESSAGE = 'Query timeout';
/** Spec 001 §4: an annotation query that failed without an error of its own. */
export const ANNOTATION_NETWORK_ERROR_MESSAGE = 'Network error.';

export type AnnotationQueryOutcome = { kind: 'success' } | { kind: 'failed'; error: string };

/**
 * Spec 001 §4 and §8 for a failed annotation query: a timeout fails with 'Query timeout'; a 'no data'
 * answer counts as success (the layer simply has nothing to draw); anything else fails with its own
 * message, or 'Network error.' when it has none.
 */
export function annotationQueryOutcome(error: ClientErrorObject | null): AnnotationQueryOutcome {
  if (error === null) return { kind: 'failed', error: ANNOTATION_NETWORK_ERROR_MESSAGE };
  if (error.errors?.some((item) => item.error_type === 'FRONTEND_TIMEOUT_ERROR'))
    return { kind: 'failed', error: ANNOTATION_TIMEOUT_MESSAGE };
  const texts = [error.error, error.message ?? ''];
  if (texts.some((text) => /no data/i.test(text))) return { kind: 'success' };
  const message = error.error.trim();
  return { kind: 'failed', error: message === '' ? ANNOTATION_NETWORK_ERROR_MESSAGE : message };
}
