import { buildSupersetError } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { collectIssueCodes } from './issue-codes';

describe('collectIssueCodes', () => {
  it('collects distinct codes across errors', () => {
    const errors = [
      buildSupersetError('CONNECTION_ACCESS_DENIED_ERROR', 'denied'),
      buildSupersetError('CONNECTION_UNKNOWN_DATABASE_ERROR', 'unknown db'),
    ];
    expect(collectIssueCodes(errors).map((item) => item.code)).toEqual([1014, 1015]);
  });

  it('ignores errors without well-formed issue codes', () => {
    const malformed = { ...buildSupersetError('GENERIC_BACKEND_ERROR', 'x'), extra: { issue_codes: 'nope' } };
    expect(collectIssueCodes([malformed, buildSupersetError('FRONTEND_CSRF_ERROR', 'y')])).toEqual([]);
    expect(collectIssueCodes(undefined)).toEqual([]);
  });
});
