import { describe, expect, it } from 'vitest';
import { NotificationError } from './notification-error';
import { backoffDelay, withRetry, type RetryOptions } from './retry';

function options(waits: number[]): RetryOptions {
  return {
    attempts: 4,
    baseDelayMs: 100,
    maxDelayMs: 250,
    jitter: 0,
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  };
}

describe('withRetry', () => {
  it('retries transient failures with growing waits until one succeeds', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await withRetry(() => {
      calls += 1;
      if (calls < 3) return Promise.reject(new NotificationError('busy', true, 'SMTP_451'));
      return Promise.resolve('sent');
    }, options(waits));
    expect(result).toBe('sent');
    expect(calls).toBe(3);
    expect(waits).toEqual([100, 200]);
  });

  it('stops after the last attempt with the last transient error, waits capped', async () => {
    const waits: number[] = [];
    let calls = 0;
    const error = await withRetry(() => {
      calls += 1;
      return Promise.reject(new NotificationError(`down ${String(calls)}`, true, 'ECONNREFUSED'));
    }, options(waits)).catch((caught: unknown) => caught);
    expect(calls).toBe(4);
    expect(waits).toEqual([100, 200, 250]);
    expect(error).toBeInstanceOf(NotificationError);
    expect((error as NotificationError).message).toBe('down 4');
  });

  it('does not retry a permanent failure', async () => {
    const waits: number[] = [];
    let calls = 0;
    const error = await withRetry(() => {
      calls += 1;
      return Promise.reject(new NotificationError('no such mailbox', false, 'SMTP_550'));
    }, options(waits)).catch((caught: unknown) => caught);
    expect(calls).toBe(1);
    expect(waits).toEqual([]);
    expect((error as NotificationError).code).toBe('SMTP_550');
  });

  it('treats unknown errors as permanent NotificationErrors', async () => {
    let calls = 0;
    const error = await withRetry(() => {
      calls += 1;
      return Promise.reject(new TypeError('bug'));
    }, options([])).catch((caught: unknown) => caught);
    expect(calls).toBe(1);
    expect(error).toBeInstanceOf(NotificationError);
    expect((error as NotificationError).toSupersetError()).toMatchObject({
      error_type: 'REPORT_NOTIFICATION_ERROR',
      message: 'bug',
    });
  });

  it('spreads waits by the jitter share only', () => {
    const base: RetryOptions = { attempts: 3, baseDelayMs: 1000, maxDelayMs: 60_000, jitter: 0.2 };
    expect(backoffDelay(1, base, () => 0)).toBe(800);
    expect(backoffDelay(1, base, () => 1)).toBe(1000);
    expect(backoffDelay(3, base, () => 1)).toBe(4000);
  });
});
