import { describe, expect, it } from 'vitest';
import { errorText, toApiError } from './to-api-error';

describe('toApiError', () => {
  it('keeps an ApiError as it is', () => {
    const error = { error: 'Invalid login. Please try again.', status: 401 };
    expect(toApiError(error)).toBe(error);
  });

  it('normalises a serialized exception', () => {
    expect(toApiError({ name: 'Error', message: 'boom' })).toEqual({ error: 'boom' });
    expect(toApiError({ name: 'TypeError', message: 'x' })?.error).toBe('x');
  });

  it('gives null for no error and a generic sentence for junk', () => {
    expect(toApiError(undefined)).toBeNull();
    expect(errorText(42)).toBe('An error occurred');
    expect(errorText(undefined)).toBe('An error occurred');
  });
});
