import { SESSION_TIMED_OUT_MESSAGE } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { normalizeClientError } from './normalize-client-error';

const response = (status: number, body: unknown, extra: { text?: string; statusText?: string } = {}) =>
  normalizeClientError({ kind: 'response', status, body, ...extra });

describe('normalizeClientError: JSON bodies', () => {
  it('takes message and link from the first SIP-40 error', () => {
    const first = {
      message: 'relation "nope" does not exist',
      error_type: 'TABLE_DOES_NOT_EXIST_ERROR',
      level: 'error',
      extra: { link: 'https://example.com/help', issue_codes: [{ code: 1005, message: 'Issue 1005 - x' }] },
    };
    const second = {
      message: 'second',
      error_type: 'GENERIC_DB_ENGINE_ERROR',
      level: 'warning',
      extra: null,
    };
    const result = response(422, { errors: [first, second] });
    expect(result.error).toBe('relation "nope" does not exist');
    expect(result.link).toBe('https://example.com/help');
    expect(result.errors).toEqual([first, second]);
    expect(result.status).toBe(422);
  });

  it('keeps the first message even when an item has an unknown error type', () => {
    const result = response(500, {
      errors: [{ message: 'odd', error_type: 'NOT_A_TYPE', level: 'error', extra: null }],
    });
    expect(result.error).toBe('odd');
    expect(result.errors).toBeUndefined();
    expect(result.link).toBeUndefined();
  });

  it('uses a message string', () => {
    const result = response(401, { message: 'Invalid login. Please try again.' });
    expect(result).toEqual({
      error: 'Invalid login. Please try again.',
      message: 'Invalid login. Please try again.',
      status: 401,
      statusText: 'Unauthorized',
    });
  });

  it('uses the first message of the first field of a message object', () => {
    const result = response(400, {
      message: { database_name: ['Must be unique.', 'Too long.'], extra: ['Bad JSON'] },
    });
    expect(result.error).toBe('Must be unique.');
  });

  it('skips empty fields of a message object and accepts a bare string value', () => {
    expect(response(400, { message: { a: [], b: 'Just one' } }).error).toBe('Just one');
  });

  it('reads the legacy {error} body', () => {
    expect(response(500, { error: 'Something broke' }).error).toBe('Something broke');
  });

  it("says 'Invalid input' for a JSON object without any message", () => {
    expect(response(400, { foo: 1 }).error).toBe('Invalid input');
    expect(response(400, { message: {} }).error).toBe('Invalid input');
    expect(response(400, { errors: [] }).error).toBe('Invalid input');
  });

  it("says 'Invalid input' for a JSON body that is neither object nor string", () => {
    expect(response(400, [1, 2]).error).toBe('Invalid input');
    expect(response(400, 42).error).toBe('Invalid input');
  });

  it('uses a JSON string body as the message', () => {
    expect(response(500, 'Out of memory').error).toBe('Out of memory');
  });

  it("shows a stack as 'Unexpected error: ...' when nothing else explains the failure", () => {
    const result = response(500, { stack: 'Error: boom\n    at x' });
    expect(result.error).toBe('Unexpected error: Error: boom\n    at x');
    expect(result.stacktrace).toBe('Error: boom\n    at x');
    expect(response(500, { stacktrace: 'trace' }).error).toBe('Unexpected error: trace');
  });

  it('keeps the stacktrace beside a real message', () => {
    const result = response(500, { message: 'Boom', stacktrace: 'trace' });
    expect(result.error).toBe('Boom');
    expect(result.stacktrace).toBe('trace');
  });
});

describe('normalizeClientError: CSRF and non-JSON bodies', () => {
  it('turns any CSRF failure into the session-timed-out message', () => {
    const fromText = response(400, null, { text: '<p>The CSRF token is missing.</p>' });
    expect(fromText.error).toBe(SESSION_TIMED_OUT_MESSAGE);
    expect(fromText.errors?.[0]?.error_type).toBe('FRONTEND_CSRF_ERROR');
    expect(response(403, { message: 'The CSRF session token is missing.' }).error).toBe(
      SESSION_TIMED_OUT_MESSAGE,
    );
  });

  it('maps an HTML body to the phrase of its status', () => {
    expect(response(502, null, { text: '<html>Bad Gateway</html>' })).toEqual({
      error: 'Bad gateway',
      status: 502,
      statusText: 'Bad gateway',
    });
    expect(response(404, null).error).toBe('Not found');
  });

  it('prefers the transport status text in statusText but the phrase table in the message', () => {
    const result = response(503, null, { statusText: 'Service Unavailable' });
    expect(result.statusText).toBe('Service Unavailable');
    expect(result.error).toBe('Service unavailable');
  });

  it("falls back to 'An error occurred' for a status without a phrase", () => {
    const result = response(418, null);
    expect(result.error).toBe('An error occurred');
    expect(result.statusText).toBeUndefined();
  });
});

describe('normalizeClientError: no response', () => {
  it("says 'Network error' when no response arrived", () => {
    expect(normalizeClientError({ kind: 'network' })).toEqual({ error: 'Network error' });
  });

  it('describes a timeout as a frontend timeout error with issue codes 1000 and 1001', () => {
    expect(normalizeClientError({ kind: 'timeout', timeout: 60 })).toEqual({
      error: 'Request timed out',
      errors: [
        {
          error_type: 'FRONTEND_TIMEOUT_ERROR',
          level: 'error',
          message: 'Request timed out',
          extra: {
            timeout: 60,
            issue_codes: [
              { code: 1000, message: 'Issue 1000 - The dataset is too large to query.' },
              { code: 1001, message: 'Issue 1001 - The database is under an unusual load.' },
            ],
          },
        },
      ],
    });
  });

  it('omits the timeout value when it is unknown', () => {
    const extra = normalizeClientError({ kind: 'timeout' }).errors?.[0]?.extra;
    expect(extra).not.toHaveProperty('timeout');
  });

  it('recognises a failed fetch and a TimeoutError thrown by fetch', () => {
    expect(normalizeClientError({ kind: 'exception', error: new TypeError('Failed to fetch') }).error).toBe(
      'Network error',
    );
    const timeout = Object.assign(new Error('signal timed out'), { name: 'TimeoutError' });
    expect(normalizeClientError({ kind: 'exception', error: timeout }).error).toBe('Request timed out');
  });

  it('uses the message of any other exception and keeps its stack', () => {
    const error = new Error('Unexpected response from the server');
    const result = normalizeClientError({ kind: 'exception', error });
    expect(result.error).toBe('Unexpected response from the server');
    expect(result.stacktrace).toContain('Unexpected response from the server');
    expect(normalizeClientError({ kind: 'exception', error: { message: 'serialized' } })).toEqual({
      error: 'serialized',
    });
    expect(normalizeClientError({ kind: 'exception', error: 'plain text' }).error).toBe('plain text');
  });

  it("says 'An error occurred' otherwise", () => {
    expect(normalizeClientError({ kind: 'exception', error: undefined }).error).toBe('An error occurred');
    expect(normalizeClientError({ kind: 'exception', error: 7 }).error).toBe('An error occurred');
    expect(normalizeClientError({ kind: 'exception', error: {} }).error).toBe('An error occurred');
    expect(normalizeClientError({ kind: 'exception', error: '' }).error).toBe('An error occurred');
  });
});
