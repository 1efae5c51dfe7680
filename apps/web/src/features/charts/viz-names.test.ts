import { describe, expect, it } from 'vitest';
import { vizTypeName } from './viz-names';

describe('vizTypeName', () => {
  it("names registered chart types after their plugin's name", () => {
    expect(vizTypeName('echarts_timeseries_bar')).toBe('Bar Chart');
    expect(vizTypeName('pie')).toBe('Pie Chart');
  });

  it('falls back to the id for unknown types and to nothing for none', () => {
    expect(vizTypeName('no_such_viz')).toBe('no_such_viz');
    expect(vizTypeName(undefined)).toBe('');
  });
});
