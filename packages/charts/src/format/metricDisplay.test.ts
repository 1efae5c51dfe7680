import type { ExploreDatasource } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { metricDisplay } from './metricDisplay';

const datasource = {
  metrics: [
    { metric_name: 'girl_share', verbose_name: 'Girl share', d3format: '.1%' },
    { metric_name: 'sum__num', verbose_name: null, d3format: null },
  ],
  verbose_map: { girl_share: 'Girl share', sum__num: 'sum__num', state: 'State' },
  column_formats: { girl_share: '.1%' },
} as unknown as ExploreDatasource;

describe('metricDisplay', () => {
  it('names series by the metric verbose name, keeping group values', () => {
    const display = metricDisplay(datasource, ['girl_share', 'sum__num'], 'SMART_NUMBER');
    expect(display.label('girl_share')).toBe('Girl share');
    expect(display.label('girl_share, CA')).toBe('Girl share, CA');
    expect(display.label('sum__num, CA')).toBe('sum__num, CA');
    expect(display.label('CA')).toBe('CA');
  });

  it("formats with the metric's d3 format unless the chart sets its own", () => {
    const display = metricDisplay(datasource, ['girl_share', 'sum__num'], 'SMART_NUMBER');
    expect(display.formatterFor('girl_share')(0.4184)).toBe('41.8%');
    expect(display.formatterFor('sum__num, CA')(1234567)).toBe('1.23M');
    const overridden = metricDisplay(datasource, ['girl_share'], ',.3f');
    expect(overridden.formatterFor('girl_share')(0.4184)).toBe('0.418');
    expect(overridden.axisFormatter(0.4184)).toBe('0.418');
  });

  it('gives every series of a single metric its format, and the axis when all metrics share one', () => {
    const single = metricDisplay(datasource, ['girl_share'], undefined);
    expect(single.formatterFor('boy')(0.5)).toBe('50.0%');
    expect(single.axisFormatter(0.25)).toBe('25.0%');
    const mixed = metricDisplay(datasource, ['girl_share', 'sum__num'], undefined);
    expect(mixed.axisFormatter(0.25)).toBe('0.25');
  });

  it('falls back to labels and the chart format without a datasource', () => {
    const display = metricDisplay(undefined, ['SUM(num)'], undefined);
    expect(display.label('SUM(num)')).toBe('SUM(num)');
    expect(display.formatterFor('SUM(num)')(1500)).toBe('1.5k');
  });
});
