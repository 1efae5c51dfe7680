import { describe, expect, it } from 'vitest';
import { parseSimpleMetricExpression } from './simple-metric-expression';

describe('parseSimpleMetricExpression', () => {
  it.each([
    ['SUM(num)', 'SUM', 'num'],
    ['sum(num)', 'SUM', 'num'],
    ['  AVG( price )  ', 'AVG', 'price'],
    ['MAX(t.amount)', 'MAX', 't.amount'],
    ['MIN(ds)', 'MIN', 'ds'],
    ['COUNT(name)', 'COUNT', 'name'],
    ['LONGSUM(num)', 'SUM', 'num'],
    ['doubleMax(value)', 'MAX', 'value'],
    ['FLOATAVG(x_1)', 'AVG', 'x_1'],
    ['MAX("Sale Price")', 'MAX', 'Sale Price'],
    ['SUM("a""b")', 'SUM', 'a"b'],
  ])('reads %s', (sql, aggregate, column) => {
    expect(parseSimpleMetricExpression(sql)).toEqual({ aggregate, column });
  });

  it.each([
    'COUNT(*)',
    'COUNT(DISTINCT name)',
    'SUM(num) / 2',
    'SUM(a + b)',
    'SUM(a, b)',
    'MEDIAN(num)',
    'INTSUM(num)',
    'SUM()',
    'SUM(1num)',
    'SUM(num',
    '',
    'LONG SUM(num) FROM t',
  ])('does not read %s', (sql) => {
    expect(parseSimpleMetricExpression(sql)).toBeNull();
  });
});
