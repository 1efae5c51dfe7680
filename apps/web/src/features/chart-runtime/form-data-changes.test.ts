import { describe, expect, it } from 'vitest';
import { initialChartState, type ChartState } from './chart-status.slice';
import { controlsChanged, sameFormData } from './form-data-changes';

const drawn = (formData: ChartState['latestQueryFormData']): ChartState => ({
  ...initialChartState(1),
  chartStatus: 'rendered',
  latestQueryFormData: formData,
  renderedFormData: formData,
});

describe('form data comparison', () => {
  it('ignores key order at any depth, undefined members and location-only keys', () => {
    expect(
      sameFormData(
        { viz_type: 'pie', adhoc_filters: [{ subject: 'ds', operator: 'IN' }], slice_id: 4 },
        { adhoc_filters: [{ operator: 'IN', subject: 'ds' }], viz_type: 'pie', row_limit: undefined },
      ),
    ).toBe(true);
    expect(sameFormData({ groupby: ['a', 'b'] }, { groupby: ['b', 'a'] })).toBe(false);
  });

  it('compares with what the chart shows, and says nothing before the first run', () => {
    expect(controlsChanged(initialChartState(1), { viz_type: 'pie' })).toBe(false);
    expect(controlsChanged(drawn({ viz_type: 'pie' }), { viz_type: 'pie', slice_id: 9 })).toBe(false);
    expect(controlsChanged(drawn({ viz_type: 'pie' }), { viz_type: 'bar' })).toBe(true);
  });
});
