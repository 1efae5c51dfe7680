import { describe, expect, it } from 'vitest';
import { genericTypeName, preferredSchema } from './generic-type';

describe('genericTypeName', () => {
  it('names the generic data types', () => {
    expect(genericTypeName(0)).toBe('NUMERIC');
    expect(genericTypeName(1)).toBe('STRING');
    expect(genericTypeName(2)).toBe('TEMPORAL');
    expect(genericTypeName(3)).toBe('BOOLEAN');
    expect(genericTypeName(null)).toBe('');
    expect(genericTypeName(9)).toBe('');
  });
});

describe('preferredSchema', () => {
  it("prefers 'main', then 'public', then the first", () => {
    expect(preferredSchema(['a', 'public', 'main'])).toBe('main');
    expect(preferredSchema(['a', 'public'])).toBe('public');
    expect(preferredSchema(['z', 'a'])).toBe('z');
    expect(preferredSchema([])).toBeUndefined();
  });
});
