import { MaxRetriesPerRequestError } from 'ioredis/built/errors/index.js';
import { describe, expect, it } from 'vitest';
import { BackendUnavailableError, isBackendUnavailable } from './backend-errors';

describe('isBackendUnavailable', () => {
  it('counts unreachable backends and a Redis command given up after its retries', () => {
    expect(isBackendUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isBackendUnavailable(new MaxRetriesPerRequestError(2))).toBe(true);
    expect(isBackendUnavailable(new BackendUnavailableError('Timed out queueing the job.'))).toBe(true);
  });

  it('leaves other errors to the unexpected-error answer', () => {
    expect(isBackendUnavailable(new Error('Timed out queueing the job.'))).toBe(false);
    expect(isBackendUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isBackendUnavailable('ECONNREFUSED')).toBe(false);
  });
});
