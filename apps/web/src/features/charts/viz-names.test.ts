import { describe, expect, it } from 'vitest';
import { isDrawableVizType, vizTypeName } from './viz-names';

describe('vizTypeName', () => {
  it("names registered chart types after their plugin's name", () => {
    expect(vizTypeName('echarts_timeseries_bar')).toBe('Bar Chart');
    expect(vizTypeName('pie')).toBe('Pie Chart');
  });

  it('names a legacy Superset type after the type it opens as', () => {
    expect(vizTypeName('dist_bar')).toBe('Bar Chart');
    expect(vizTypeName('line')).toBe('Line Chart');
    expect(isDrawableVizType('pivot_table')).toBe(true);
  });

  it('falls back to the id for unknown types and to nothing for none', () => {
    expect(vizTypeName('no_such_viz')).toBe('no_such_viz');
    expect(isDrawableVizType('no_such_viz')).toBe(false);
    expect(vizTypeName(undefined)).toBe('');
  });
});
