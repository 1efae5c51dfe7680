import { describe, expect, it } from 'vitest';
import { withMetricsChanged } from './column-config';
import { metricLabel } from './metric-label';

describe('metricLabel', () => {
  it('labels saved, simple, SQL and custom-labelled metrics', () => {
    expect(metricLabel('sum__num')).toBe('sum__num');
    expect(metricLabel({ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' } })).toBe(
      'SUM(num)',
    );
    expect(metricLabel({ expressionType: 'SQL', sqlExpression: 'MAX(num) - MIN(num)' })).toBe(
      'MAX(num) - MIN(num)',
    );
    expect(
      metricLabel({ expressionType: 'SQL', sqlExpression: 'x', label: 'Spread', hasCustomLabel: true }),
    ).toBe('Spread');
  });
});

describe('withMetricsChanged', () => {
  it('renames the column_config entry of an edited metric', () => {
    const before = {
      expressionType: 'SIMPLE',
      aggregate: 'SUM',
      column: { column_name: 'num' },
      optionName: 'm1',
    };
    const after = { ...before, aggregate: 'AVG' };
    const result = withMetricsChanged(
      { metrics: [before], column_config: { 'SUM(num)': { d3NumberFormat: ',d' }, other: {} } },
      'metrics',
      [after],
    );
    expect(result.column_config).toEqual({ 'AVG(num)': { d3NumberFormat: ',d' }, other: {} });
    expect(result.metrics).toEqual([after]);
  });

  it('leaves column_config alone when no label changes', () => {
    const result = withMetricsChanged({ metrics: ['count'], column_config: { count: {} } }, 'metrics', [
      'count',
      'x',
    ]);
    expect(result.column_config).toEqual({ count: {} });
  });
});
