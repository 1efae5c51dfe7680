import { normalizeClientError } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { LOAD_REQUEST_FAILED, LOAD_UNEXPECTED_STATUS, loadFailureText } from './load-failure';

const NOT_LOADED = "The query couldn't be loaded";

function answered(status: number) {
  return normalizeClientError({ kind: 'response', status, body: {}, text: '{}' });
}

describe('loadFailureText', () => {
  it("keeps the load's own message when the thing is missing or not allowed", () => {
    expect(loadFailureText(NOT_LOADED, answered(404))).toBe(NOT_LOADED);
    expect(loadFailureText(NOT_LOADED, answered(403))).toBe(NOT_LOADED);
    expect(loadFailureText(NOT_LOADED, answered(400))).toBe(NOT_LOADED);
  });

  it('names an unexpected status', () => {
    expect(loadFailureText(NOT_LOADED, answered(500))).toBe(LOAD_UNEXPECTED_STATUS);
    expect(loadFailureText(NOT_LOADED, answered(502))).toBe(LOAD_UNEXPECTED_STATUS);
    expect(LOAD_UNEXPECTED_STATUS).toBe('Received unexpected response status');
  });

  it('says the request failed when no answer came', () => {
    expect(
      loadFailureText(NOT_LOADED, normalizeClientError({ kind: 'exception', error: new TypeError('x') })),
    ).toBe(LOAD_REQUEST_FAILED);
    expect(loadFailureText(NOT_LOADED, normalizeClientError({ kind: 'timeout', timeout: 60 }))).toBe(
      LOAD_REQUEST_FAILED,
    );
    expect(loadFailureText(NOT_LOADED, undefined)).toBe(LOAD_REQUEST_FAILED);
    expect(LOAD_REQUEST_FAILED).toBe('Sorry, an error occurred');
  });
});
