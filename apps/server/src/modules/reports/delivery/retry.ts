import { asNotificationError, type NotificationError } from './notification-error';

export interface RetryOptions {
  /** Tries in all, the first included. */
  attempts: number;
  /** Wait before the second try; doubled for each further one, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Called before each wait, with the failure that caused it (for logging). */
  onRetry?: (error: NotificationError, attempt: number, delayMs: number) => void;
  /** Replaceable so tests do not wait for real. */
  sleep?: (ms: number) => Promise<void>;
  /** 0..1 share of each delay drawn at random, so many workers failing at once do not retry in step. */
  jitter?: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  attempts: 3,
  baseDelayMs: 2_000,
  maxDelayMs: 60_000,
  jitter: 0.2,
};

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** The wait before try `attempt + 1` (attempt counts from 1). */
export function backoffDelay(
  attempt: number,
  options: RetryOptions,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  const jitter = options.jitter ?? 0;
  return Math.round(exponential * (1 - jitter + jitter * random()));
}

/**
 * Runs `send` until it succeeds, retrying transient failures only, with exponential backoff. A
 * permanent failure, or the last transient one, is thrown as a NotificationError.
 */
export async function withRetry<T>(
  send: (attempt: number) => Promise<T>,
  options: RetryOptions = DEFAULT_RETRY,
): Promise<T> {
  const sleep = options.sleep ?? realSleep;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send(attempt);
    } catch (caught) {
      const error = asNotificationError(caught);
      if (!error.transient || attempt >= options.attempts) throw error;
      const delay = backoffDelay(attempt, options);
      options.onRetry?.(error, attempt, delay);
      await sleep(delay);
    }
  }
}
