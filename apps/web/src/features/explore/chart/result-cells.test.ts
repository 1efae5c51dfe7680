import { describe, expect, it } from 'vitest';
import { cellTextOf, cellTexts } from './result-cells';

const year2001 = Date.UTC(2001, 0, 1);

describe('results pane cells', () => {
  const cell = (formData: Record<string, unknown>, name = 'ds') =>
    cellTextOf(cellTexts(['ds', 'num', 'other_day'], [2, 0, 2], formData), name);

  it('shows the x-axis dates at the chart time grain, not as ISO text', () => {
    expect(cell({ x_axis: 'ds', time_grain_sqla: 'P1Y' })(year2001)).toBe('2001');
    expect(cell({ x_axis: 'ds', time_grain_sqla: 'P1M' })(year2001)).toBe('2001-01');
    expect(cell({ x_axis: 'ds', time_grain_sqla: 'P1D' })(year2001)).toBe('2001-01-01');
    expect(cell({ x_axis: 'ds', time_grain_sqla: 'PT1H' })(Date.UTC(2001, 0, 1, 13))).toBe(
      '2001-01-01 13:00',
    );
    expect(cell({ x_axis: 'ds', time_grain_sqla: 'P1Y' })('2001-01-01T00:00:00.000Z')).toBe('2001');
  });
  it('follows the date format the chart chose', () => {
    expect(cell({ x_axis: 'ds', time_grain_sqla: 'P1D', x_axis_time_format: '%d/%m/%Y' })(year2001)).toBe(
      '01/01/2001',
    );
  });
  it('shows other temporal columns as their whole date, numbers and nulls as before', () => {
    expect(cell({ x_axis: 'ds', time_grain_sqla: 'P1Y' }, 'other_day')(Date.UTC(2001, 4, 7))).toBe(
      '2001-05-07',
    );
    expect(cell({ x_axis: 'ds' }, 'num')(42)).toBe('42');
    expect(cell({ x_axis: 'ds' })(null)).toBe('N/A');
  });
});
