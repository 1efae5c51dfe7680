import type { SupersetError } from '@tessera/contracts';

/** What the UI shows for any failed request: one sentence plus, when the server sent them, the rich errors. */
export interface ClientErrorObject {
  error: string;
  errors?: SupersetError[];
  link?: string;
  message?: string;
  statusText?: string;
  stacktrace?: string;
  status?: number;
}

/** A description of how a request failed, independent of the HTTP client that made it. */
export type FailedRequest =
  | {
      kind: 'response';
      status: number;
      statusText?: string;
      /** The parsed JSON body, or null when the body was empty or not JSON (an HTML error page, say). */
      body: unknown;
      /** The raw response text, when the caller has it. */
      text?: string;
    }
  | { kind: 'network' }
  /** `timeout` is the limit that was exceeded, in seconds. */
  | { kind: 'timeout'; timeout?: number }
  | { kind: 'exception'; error: unknown };

export const NETWORK_ERROR_MESSAGE = 'Network error';
export const TIMEOUT_ERROR_MESSAGE = 'Request timed out';
export const GENERIC_ERROR_MESSAGE = 'An error occurred';
export const INVALID_INPUT_MESSAGE = 'Invalid input';
export const UNEXPECTED_ERROR_PREFIX = 'Unexpected error: ';
