import { describe, expect, it } from 'vitest';
import { boxplot } from './boxplot';
import { createFrame } from './frame';

const values = [1, 2, 3, 4, 5, 6, 7, 8, 100];
const frame = createFrame(['g', 'm'], [...values.map((m) => ({ g: 'a', m })), { g: 'b', m: 10 }]);

describe('boxplot', () => {
  it('computes tukey statistics per group in Superset column order', () => {
    const result = boxplot(frame, { groupby: ['g'], metrics: ['m'], whisker_type: 'tukey' });
    expect(result.columns).toEqual([
      'g',
      'm__mean',
      'm__median',
      'm__max',
      'm__min',
      'm__q1',
      'm__q3',
      'm__count',
      'm__outliers',
    ]);
    // q1 = 3, q3 = 7, IQR 4: whiskers within [-3, 13].
    expect(result.rows[0]).toEqual({
      g: 'a',
      m__mean: 136 / 9,
      m__median: 5,
      m__max: 8,
      m__min: 1,
      m__q1: 3,
      m__q3: 7,
      m__count: 9,
      m__outliers: [100],
    });
    expect(result.rows[1]).toMatchObject({ g: 'b', m__max: 10, m__min: 10, m__outliers: [] });
  });

  it('supports min/max and percentile whiskers', () => {
    const minmax = boxplot(frame, { groupby: ['g'], metrics: ['m'], whisker_type: 'min/max' });
    expect(minmax.rows[0]).toMatchObject({ m__max: 100, m__min: 1, m__outliers: [] });
    const pct = boxplot(frame, {
      groupby: ['g'],
      metrics: ['m'],
      whisker_type: 'percentile',
      percentiles: [10, 90],
    });
    expect(pct.rows[0]).toMatchObject({ m__min: 1.8, m__outliers: [1, 100] });
    expect(pct.rows[0]?.m__max).toBeCloseTo(26.4);
    expect(() =>
      boxplot(frame, { metrics: ['m'], whisker_type: 'percentile', percentiles: [90, 10] }),
    ).toThrow('percentiles must be a list or tuple with two numeric values');
  });
});
