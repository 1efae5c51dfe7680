import { describe, expect, it } from 'vitest';
import { preferredSchema } from './preferred-schema';

describe('preferredSchema', () => {
  it('prefers main, then public, then the only schema', () => {
    expect(preferredSchema(['information_schema', 'main'])).toBe('main');
    expect(preferredSchema(['information_schema', 'public'])).toBe('public');
    expect(preferredSchema(['examples'])).toBe('examples');
  });

  it('picks nothing among several unknown schemas', () => {
    expect(preferredSchema(['examples', 'information_schema'])).toBeNull();
    expect(preferredSchema([])).toBeNull();
  });
});
