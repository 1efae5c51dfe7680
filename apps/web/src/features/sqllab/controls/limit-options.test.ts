import { describe, expect, it } from 'vitest';
import { formatCount, limitOptions } from './limit-options';

describe('limitOptions', () => {
  it('lists the powers of ten below SQL_MAX_ROW, then SQL_MAX_ROW', () => {
    expect(limitOptions(100_000)).toEqual([10, 100, 1000, 10_000, 100_000]);
    expect(limitOptions(50_000)).toEqual([10, 100, 1000, 10_000, 50_000]);
    expect(limitOptions(1001)).toEqual([10, 100, 1000, 1001]);
  });

  it('offers only SQL_MAX_ROW when it is 10 or less', () => {
    expect(limitOptions(10)).toEqual([10]);
    expect(limitOptions(5)).toEqual([5]);
  });

  it('groups digits', () => {
    expect(formatCount(100_000)).toBe('100,000');
    expect(formatCount(10)).toBe('10');
  });
});
