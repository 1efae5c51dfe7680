import { describe, expect, it } from 'vitest';
import type { PanelShape } from './form-data';
import { switchVizType } from './viz-switch';

const panel = (...names: (string | { name: string; default?: unknown; multi?: boolean })[]): PanelShape => ({
  sections: [{ controlSetRows: names.map((entry) => [typeof entry === 'string' ? { name: entry } : entry]) }],
});

const linePanel = panel(
  'x_axis',
  'time_grain_sqla',
  { name: 'metrics', multi: true },
  'groupby',
  'row_limit',
  'markerEnabled',
);
const piePanel = panel({ name: 'metric' }, 'groupby', 'row_limit', { name: 'donut', default: false });

const lineFormData = {
  viz_type: 'echarts_timeseries_line',
  datasource: '3__table',
  x_axis: 'ds',
  time_grain_sqla: 'P1Y',
  metrics: ['sum__num', 'count'],
  groupby: ['gender'],
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'state', operator: 'IN', comparator: ['CA'] }],
  row_limit: 1000,
  markerEnabled: true,
};

describe('switchVizType', () => {
  it('keeps shared controls, maps metrics to metric and stashes the rest', () => {
    const { formData, hiddenFormData } = switchVizType(lineFormData, {}, 'pie', piePanel);
    expect(formData).toEqual({
      viz_type: 'pie',
      datasource: '3__table',
      metric: 'sum__num',
      groupby: ['gender'],
      adhoc_filters: lineFormData.adhoc_filters,
      row_limit: 1000,
      donut: false,
    });
    expect(hiddenFormData).toEqual({
      x_axis: 'ds',
      time_grain_sqla: 'P1Y',
      metrics: ['sum__num', 'count'],
      markerEnabled: true,
    });
  });

  it('unstashes hidden fields when switching back', () => {
    const toPie = switchVizType(lineFormData, {}, 'pie', piePanel);
    const back = switchVizType(toPie.formData, toPie.hiddenFormData, 'echarts_timeseries_line', linePanel);
    expect(back.formData).toMatchObject({
      x_axis: 'ds',
      time_grain_sqla: 'P1Y',
      metrics: ['sum__num', 'count'],
      markerEnabled: true,
    });
    expect(back.hiddenFormData).toEqual({ metric: 'sum__num', donut: false });
  });

  it('prefers the current metric over a stale stash', () => {
    const toPie = switchVizType(lineFormData, {}, 'pie', piePanel);
    const edited = { ...toPie.formData, metric: 'avg__num' };
    const back = switchVizType(edited, toPie.hiddenFormData, 'echarts_timeseries_line', linePanel);
    expect(back.formData.metrics).toEqual(['avg__num']);
  });
});
