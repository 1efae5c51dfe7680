import { describe, expect, it } from 'vitest';
import { recognizeSimpleMetric } from './metric-expression';

describe('recognizeSimpleMetric', () => {
  it('recognises the simple pattern with an optional type prefix', () => {
    expect(recognizeSimpleMetric('SUM(num)')).toEqual({ aggregate: 'SUM', column: 'num' });
    expect(recognizeSimpleMetric(' avg ( num_boys ) ')).toEqual({ aggregate: 'AVG', column: 'num_boys' });
    expect(recognizeSimpleMetric('doubleSum(price)')).toEqual({ aggregate: 'SUM', column: 'price' });
    expect(recognizeSimpleMetric('LONGMAX("ds")')).toEqual({ aggregate: 'MAX', column: 'ds' });
  });

  it('refuses expressions beyond the pattern', () => {
    for (const sql of ['SUM(num) / 2', 'COUNT(*)', 'MEDIAN(num)', 'SUM(a, b)', 'SUM(num); DROP TABLE x', 'INTSUM(num)']) {
      expect(recognizeSimpleMetric(sql)).toBeNull();
    }
  });
});
