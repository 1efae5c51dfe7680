import { toApiError } from '../../../shared/errors/to-api-error';

/** Spec 000 §8: a SQL Lab load whose request itself failed (no answer from the server). */
export const LOAD_REQUEST_FAILED = 'Sorry, an error occurred';
/** Spec 000 §8: a SQL Lab load answered with a status it does not expect. */
export const LOAD_UNEXPECTED_STATUS = 'Received unexpected response status';

/** Statuses that mean "this thing is not there for you": the load's own message says so. */
const EXPECTED_FAILURE_STATUSES: ReadonlySet<number> = new Set([400, 403, 404]);

/**
 * The toast for a failed SQL Lab load (shared query, saved query, dataset from the address):
 * `notLoaded` (e.g. "The query couldn't be loaded") when the server answered that the thing is missing
 * or not allowed, 'Received unexpected response status' for any other status, and 'Sorry, an error
 * occurred' when no answer came at all (network failure, timeout, an error inside the client).
 */
export function loadFailureText(notLoaded: string, error: unknown): string {
  const status = toApiError(error)?.status;
  if (status === undefined) return LOAD_REQUEST_FAILED;
  return EXPECTED_FAILURE_STATUSES.has(status) ? notLoaded : LOAD_UNEXPECTED_STATUS;
}
