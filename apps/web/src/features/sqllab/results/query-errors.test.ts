import type { SupersetError } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { sip40ErrorsOf } from './query-errors';

const tooLarge: SupersetError = {
  message: 'The query result is 0.05 MB, over the 0.01 MB that SQL Lab may return.',
  error_type: 'RESULT_TOO_LARGE_ERROR',
  level: 'error',
  extra: { payload_max_mb: 0.01, issue_codes: [{ code: 1041, message: 'Issue 1041 - x' }] },
};

describe('sip40ErrorsOf', () => {
  it('prefers the errors the run answered', () => {
    const own = { ...tooLarge, error_type: 'SYNTAX_ERROR' as const };
    expect(sip40ErrorsOf({ errors: [own], extra: { errors: [tooLarge] } })).toEqual([own]);
  });

  it("falls back to the errors kept on the row (an async run's)", () => {
    expect(sip40ErrorsOf({ errors: null, extra: { errors: [tooLarge] } })).toEqual([tooLarge]);
  });

  it('ignores kept errors that are missing, empty or malformed', () => {
    expect(sip40ErrorsOf({ errors: null, extra: {} })).toBeNull();
    expect(sip40ErrorsOf({ errors: null, extra: { errors: [] } })).toBeNull();
    expect(sip40ErrorsOf({ errors: null, extra: { errors: [{ message: 1 }] } })).toBeNull();
  });
});
