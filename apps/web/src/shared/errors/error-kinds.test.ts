import type { SupersetError } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { errorKindOf, registeredError } from './error-kinds';

const sip40 = (error_type: SupersetError['error_type']): SupersetError => ({
  message: 'x',
  error_type,
  level: 'error',
  extra: null,
});

describe('errorKindOf', () => {
  it('gives database errors, timeouts and template errors their own rendering', () => {
    expect(errorKindOf('SYNTAX_ERROR')).toBe('database');
    expect(errorKindOf('CONNECTION_HOST_DOWN_ERROR')).toBe('database');
    // SQLLAB_PAYLOAD_MAX_MB: drawn as the database error box, with its issue code 1041.
    expect(errorKindOf('RESULT_TOO_LARGE_ERROR')).toBe('database');
    expect(errorKindOf('FRONTEND_TIMEOUT_ERROR')).toBe('timeout');
    expect(errorKindOf('MISSING_TEMPLATE_PARAMS_ERROR')).toBe('parameters');
    expect(errorKindOf('MARSHMALLOW_ERROR')).toBe('validation');
  });

  it('leaves security access errors to the Unexpected error box', () => {
    expect(errorKindOf('DATASOURCE_SECURITY_ACCESS_ERROR')).toBeNull();
    expect(errorKindOf('MISSING_OWNERSHIP_ERROR')).toBeNull();
  });
});

describe('registeredError', () => {
  it('looks at the first error only', () => {
    expect(registeredError([sip40('TABLE_SECURITY_ACCESS_ERROR'), sip40('SYNTAX_ERROR')])).toBeNull();
    expect(registeredError([sip40('SYNTAX_ERROR')])?.kind).toBe('database');
    expect(registeredError(undefined)).toBeNull();
  });
});
