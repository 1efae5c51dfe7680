import { describe, expect, it } from 'vitest';
import { compare } from './compare';
import { createFrame } from './frame';
import { pivot } from './pivot';

const frame = createFrame(
  ['t', 'm', 'm__1 year ago'],
  [
    { t: 1, m: 3, 'm__1 year ago': 2 },
    { t: 2, m: 1, 'm__1 year ago': 0 },
    { t: 3, m: null, 'm__1 year ago': 4 },
  ],
);
const options = { source_columns: ['m'], compare_columns: ['m__1 year ago'] };
const column = (type: string) =>
  compare(frame, { ...options, compare_type: type }).rows.map((row) => row[`${type}__m__m__1 year ago`]);

describe('compare', () => {
  it('computes difference, percentage and ratio (rounded to 4 places, division by 0 as null)', () => {
    expect(column('difference')).toEqual([1, 1, null]);
    expect(column('percentage')).toEqual([0.5, null, null]);
    expect(column('ratio')).toEqual([1.5, null, null]);
    const third = compare(createFrame(['a', 'b'], [{ a: 1, b: 3 }]), {
      source_columns: ['a'],
      compare_columns: ['b'],
      compare_type: 'ratio',
    });
    expect(third.rows[0]?.ratio__a__b).toBe(0.3333);
  });

  it('drops the compared columns when asked', () => {
    const result = compare(frame, { ...options, compare_type: 'difference', drop_original_columns: true });
    expect(result.columns).toEqual(['t', 'difference__m__m__1 year ago']);
    expect(result.rows[0]).toEqual({ t: 1, 'difference__m__m__1 year ago': 1 });
  });

  it('pairs pivoted columns by their series labels', () => {
    const long = createFrame(
      ['t', 's', 'm', 'm__1 year ago'],
      [
        { t: 1, s: 'a', m: 5, 'm__1 year ago': 1 },
        { t: 1, s: 'b', m: 7, 'm__1 year ago': 2 },
      ],
    );
    const pivoted = pivot(long, {
      index: ['t'],
      columns: ['s'],
      aggregates: { m: { operator: 'sum' }, 'm__1 year ago': { operator: 'sum' } },
    });
    const result = compare(pivoted, { ...options, compare_type: 'difference', drop_original_columns: true });
    expect(result.columns).toEqual([
      't',
      'difference__m__m__1 year ago, a',
      'difference__m__m__1 year ago, b',
    ]);
    expect(result.rows).toEqual([
      { t: 1, 'difference__m__m__1 year ago, a': 4, 'difference__m__m__1 year ago, b': 5 },
    ]);
  });

  it('validates its options', () => {
    expect(() =>
      compare(frame, { source_columns: ['m'], compare_columns: [], compare_type: 'difference' }),
    ).toThrow('`compare_columns` must have the same length as `source_columns`.');
    expect(() => compare(frame, { ...options, compare_type: 'values' })).toThrow(
      '`compare_type` must be `difference`, `percentage` or `ratio`',
    );
  });
});
