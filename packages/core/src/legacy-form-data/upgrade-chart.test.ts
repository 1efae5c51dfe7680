import { describe, expect, it } from 'vitest';
import { upgradeLegacyChart } from './upgrade-chart';

/**
 * Params as Superset's own births example (superset/examples/birth_names.py) saves them: its shared
 * defaults plus each chart's fields. They predate GENERIC_CHART_AXES, so the time column is
 * `granularity_sqla` and the range `time_range`.
 */
const BIRTHS_DEFAULTS = {
  compare_lag: '10',
  compare_suffix: 'o10Y',
  limit: '25',
  time_range: 'No filter',
  time_range_endpoints: ['inclusive', 'exclusive'],
  granularity_sqla: 'ds',
  groupby: [],
  row_limit: 50000,
  since: '100 years ago',
  until: 'now',
  viz_type: 'table',
  markup_type: 'markdown',
};

const BIRTHS_METRIC = {
  expressionType: 'SIMPLE',
  column: { column_name: 'num', type: 'BIGINT' },
  aggregate: 'SUM',
  label: 'Births',
  optionName: 'metric_11',
};

const genderFilter = (gender: string) => ({
  clause: 'WHERE',
  comparator: gender,
  expressionType: 'SIMPLE',
  filterOptionName: `filter_${gender}`,
  operator: '==',
  subject: 'gender',
});

const dsRange = (range = 'No filter') => ({
  expressionType: 'SIMPLE',
  clause: 'WHERE',
  subject: 'ds',
  operator: 'TEMPORAL_RANGE',
  comparator: range,
  isExtra: false,
  filterOptionName: 'filter_time_range_ds',
});

describe('upgradeLegacyChart: today’s time-series charts saved with granularity_sqla', () => {
  it('gives a big number with trendline ("Participants") the time column as x-axis', () => {
    const params = {
      ...BIRTHS_DEFAULTS,
      viz_type: 'big_number',
      compare_lag: '5',
      compare_suffix: 'over 5Y',
      metric: 'sum__num',
    };
    const upgraded = upgradeLegacyChart('big_number', params);
    expect(upgraded.changed).toBe(true);
    expect(upgraded.vizType).toBe('big_number');
    expect(upgraded.params.x_axis).toBe('ds');
    expect(upgraded.params.time_grain_sqla).toBe('P1D');
    expect(upgraded.params).not.toHaveProperty('granularity_sqla');
    expect(upgraded.params).not.toHaveProperty('time_range');
    expect(upgraded.params.adhoc_filters).toEqual([dsRange()]);
    expect(upgraded.params.metric).toBe('sum__num');
  });

  it('keeps the time range as a TEMPORAL_RANGE filter and an existing grain', () => {
    const upgraded = upgradeLegacyChart('echarts_area', {
      viz_type: 'echarts_area',
      granularity_sqla: 'ds',
      time_range: '1960-01-01 : 2000-01-01',
      time_grain_sqla: 'P1Y',
      adhoc_filters: [genderFilter('girl')],
      metrics: [BIRTHS_METRIC],
      groupby: ['name'],
    });
    expect(upgraded.params.x_axis).toBe('ds');
    expect(upgraded.params.time_grain_sqla).toBe('P1Y');
    expect(upgraded.params.adhoc_filters).toEqual([genderFilter('girl'), dsRange('1960-01-01 : 2000-01-01')]);
  });

  it('filters both queries of a mixed chart', () => {
    const upgraded = upgradeLegacyChart('mixed_timeseries', {
      viz_type: 'mixed_timeseries',
      granularity_sqla: 'ds',
      time_range: 'Last year',
      metrics: ['count'],
      metrics_b: ['sum__num'],
    });
    expect(upgraded.params.adhoc_filters).toEqual([dsRange('Last year')]);
    expect(upgraded.params.adhoc_filters_b).toEqual([dsRange('Last year')]);
  });

  it('leaves a chart that already has an x-axis alone, and is idempotent', () => {
    const params = {
      viz_type: 'echarts_timeseries_line',
      x_axis: 'ds',
      granularity_sqla: 'ds',
      metrics: ['count'],
    };
    expect(upgradeLegacyChart('echarts_timeseries_line', params)).toEqual({
      vizType: 'echarts_timeseries_line',
      params,
      changed: false,
    });
    const once = upgradeLegacyChart('big_number', {
      ...BIRTHS_DEFAULTS,
      viz_type: 'big_number',
      metric: 'count',
    });
    const twice = upgradeLegacyChart(once.vizType, once.params);
    expect(twice.changed).toBe(false);
    expect(twice.params).toBe(once.params);
  });

  it('does not touch charts without an x-axis (table, pie, big number total, word cloud)', () => {
    for (const vizType of ['table', 'pie', 'big_number_total', 'word_cloud']) {
      const params = { ...BIRTHS_DEFAULTS, viz_type: vizType, metric: 'sum__num', groupby: ['gender'] };
      const upgraded = upgradeLegacyChart(vizType, params);
      expect(upgraded).toEqual({ vizType, params, changed: false });
    }
  });

  it('passes an unknown viz type through unchanged', () => {
    const params = { viz_type: 'deck_arc', granularity_sqla: 'ds' };
    expect(upgradeLegacyChart('deck_arc', params)).toEqual({ vizType: 'deck_arc', params, changed: false });
  });
});

describe('upgradeLegacyChart: since/until', () => {
  it('makes a time range from since and until when the chart has none', () => {
    const upgraded = upgradeLegacyChart('table', { viz_type: 'table', since: '40 years ago', until: 'now' });
    expect(upgraded.params).toEqual({ viz_type: 'table', time_range: '40 years ago : now' });
    expect(upgraded.changed).toBe(true);
  });
});

describe('upgradeLegacyChart: legacy viz types as Superset migrates them', () => {
  it('line ("Trends") → echarts_timeseries_line with the time column on the x-axis', () => {
    const upgraded = upgradeLegacyChart('line', {
      ...BIRTHS_DEFAULTS,
      viz_type: 'line',
      groupby: ['name'],
      rich_tooltip: true,
      show_legend: true,
      metrics: [BIRTHS_METRIC],
      x_axis_format: 'smart_date',
      y_log_scale: false,
      show_brush: 'auto',
      show_markers: false,
      line_interpolation: 'linear',
    });
    expect(upgraded.vizType).toBe('echarts_timeseries_line');
    expect(upgraded.params).toMatchObject({
      viz_type: 'echarts_timeseries_line',
      x_axis: 'ds',
      time_grain_sqla: 'P1D',
      groupby: ['name'],
      metrics: [BIRTHS_METRIC],
      x_axis_time_format: 'smart_date',
      logAxis: false,
      zoomable: false,
      markerEnabled: false,
      truncateYAxis: true,
      contributionMode: null,
      comparison_type: 'values',
      adhoc_filters: [dsRange()],
    });
    for (const gone of ['granularity_sqla', 'time_range', 'line_interpolation', 'show_brush', 'show_markers'])
      expect(upgraded.params).not.toHaveProperty(gone);
  });

  it('line with cardinal or step interpolation → smooth or step line', () => {
    expect(upgradeLegacyChart('line', { viz_type: 'line', line_interpolation: 'cardinal' }).vizType).toBe(
      'echarts_timeseries_smooth',
    );
    const step = upgradeLegacyChart('line', { viz_type: 'line', line_interpolation: 'step-after' });
    expect(step.vizType).toBe('echarts_timeseries_step');
    expect(step.params.seriesType).toBe('end');
  });

  it('line with contribution, time comparison and axis labels', () => {
    const upgraded = upgradeLegacyChart('line', {
      viz_type: 'line',
      contribution: true,
      time_compare: ['1 year'],
      comparison_type: 'absolute',
      x_axis_label: 'Day',
      bottom_margin: 'auto',
      x_ticks_layout: '45°',
      show_controls: true,
    });
    expect(upgraded.params).toMatchObject({
      contributionMode: 'row',
      time_compare: ['1 year ago'],
      comparison_type: 'absolute',
      x_axis_title: 'Day',
      x_axis_title_margin: 30,
      xAxisLabelRotation: 45,
      show_extra_controls: true,
    });
    expect(upgraded.params).not.toHaveProperty('contribution');
  });

  it("reads a saved 'difference' comparison as the spec's 'absolute' and leaves the others", () => {
    const saved = {
      viz_type: 'echarts_timeseries_line',
      time_compare: ['1 year ago'],
      comparison_type: 'difference',
    };
    const upgraded = upgradeLegacyChart('echarts_timeseries_line', saved);
    expect(upgraded.changed).toBe(true);
    expect(upgraded.params.comparison_type).toBe('absolute');
    expect(saved.comparison_type).toBe('difference');
    for (const kept of ['values', 'absolute', 'percentage', 'ratio'])
      expect(upgradeLegacyChart('echarts_area', { comparison_type: kept }).changed).toBe(false);
  });

  it('area ("Top 10 Girl Name Share") → echarts_area, expanded stack', () => {
    const upgraded = upgradeLegacyChart('area', {
      ...BIRTHS_DEFAULTS,
      adhoc_filters: [genderFilter('girl')],
      comparison_type: 'values',
      groupby: ['name'],
      limit: 10,
      stacked_style: 'expand',
      time_grain_sqla: 'P1D',
      viz_type: 'area',
      metrics: [BIRTHS_METRIC],
    });
    expect(upgraded.vizType).toBe('echarts_area');
    expect(upgraded.params).toMatchObject({
      x_axis: 'ds',
      stack: 'Expand',
      opacity: 0.7,
      limit: 10,
      adhoc_filters: [genderFilter('girl'), dsRange()],
    });
    expect(upgraded.params).not.toHaveProperty('stacked_style');
  });

  it('bar → echarts_timeseries_bar', () => {
    const upgraded = upgradeLegacyChart('bar', {
      ...BIRTHS_DEFAULTS,
      viz_type: 'bar',
      bar_stacked: true,
      show_bar_value: true,
      metrics: [BIRTHS_METRIC],
    });
    expect(upgraded.vizType).toBe('echarts_timeseries_bar');
    expect(upgraded.params).toMatchObject({ x_axis: 'ds', stack: 'Stack', show_value: true });
    expect(upgraded.params).not.toHaveProperty('bar_stacked');
    expect(upgraded.params).not.toHaveProperty('show_bar_value');
  });

  it('dist_bar ("Genders by State") → bar chart with the first dimension on the x-axis', () => {
    const stateFilter = {
      clause: 'WHERE',
      expressionType: 'SIMPLE',
      filterOptionName: '2745eae5',
      comparator: ['other'],
      operator: 'NOT IN',
      subject: 'state',
    };
    const metrics = [
      { ...BIRTHS_METRIC, column: { column_name: 'num_boys', type: 'BIGINT(20)' }, label: 'Boys' },
      { ...BIRTHS_METRIC, column: { column_name: 'num_girls', type: 'BIGINT(20)' }, label: 'Girls' },
    ];
    const upgraded = upgradeLegacyChart('dist_bar', {
      ...BIRTHS_DEFAULTS,
      adhoc_filters: [stateFilter],
      viz_type: 'dist_bar',
      metrics,
      groupby: ['state'],
      columns: ['gender'],
    });
    expect(upgraded.vizType).toBe('echarts_timeseries_bar');
    expect(upgraded.params).toMatchObject({
      x_axis: 'state',
      groupby: ['gender'],
      metrics,
      xAxisLabelRotation: 45,
      stack: null,
      // The time column filters, but is not the axis.
      adhoc_filters: [stateFilter, dsRange()],
    });
    expect(upgraded.params).not.toHaveProperty('columns');
    expect(upgraded.params).not.toHaveProperty('time_grain_sqla');
  });

  it('dual_line ("Average and Sum Trends") → mixed_timeseries with one metric per axis', () => {
    const average = { ...BIRTHS_METRIC, aggregate: 'AVG', label: 'AVG(num)' };
    const upgraded = upgradeLegacyChart('dual_line', {
      ...BIRTHS_DEFAULTS,
      viz_type: 'dual_line',
      metric: average,
      metric_2: 'sum__num',
      y_axis_2_format: '.3s',
    });
    expect(upgraded.vizType).toBe('mixed_timeseries');
    expect(upgraded.params).toMatchObject({
      metrics: [average],
      metrics_b: ['sum__num'],
      yAxisIndex: 0,
      yAxisIndexB: 1,
      y_axis_format_secondary: '.3s',
      x_axis: 'ds',
      adhoc_filters: [dsRange()],
      adhoc_filters_b: [dsRange()],
    });
    expect(upgraded.params).not.toHaveProperty('metric');
    expect(upgraded.params).not.toHaveProperty('metric_2');
  });

  it('pivot_table ("Pivot Table") → pivot_table_v2', () => {
    const upgraded = upgradeLegacyChart('pivot_table', {
      ...BIRTHS_DEFAULTS,
      viz_type: 'pivot_table',
      groupby: ['name'],
      columns: ['state'],
      metrics: [BIRTHS_METRIC],
      pandas_aggfunc: 'mean',
      pivot_margins: true,
      number_format: '.3s',
      combine_metric: false,
    });
    expect(upgraded.vizType).toBe('pivot_table_v2');
    expect(upgraded.params).toMatchObject({
      groupbyRows: ['name'],
      groupbyColumns: ['state'],
      aggregateFunction: 'Average',
      colTotals: true,
      colSubTotals: true,
      valueFormat: '.3s',
      combineMetric: false,
      series_limit: 50000,
      rowOrder: 'value_z_to_a',
      adhoc_filters: [dsRange()],
    });
    for (const gone of ['groupby', 'columns', 'pivot_margins', 'pandas_aggfunc', 'row_limit'])
      expect(upgraded.params).not.toHaveProperty(gone);
  });

  it('bubble → bubble_v2', () => {
    const upgraded = upgradeLegacyChart('bubble', {
      viz_type: 'bubble',
      series: 'region',
      entity: 'country_name',
      x: 'sum__SP_RUR_TOTL_ZS',
      y: 'sum__SP_DYN_LE00_IN',
      size: 'sum__SP_POP_TOTL',
      limit: '0',
      x_log_scale: false,
      y_log_scale: true,
      x_axis_label: 'Rural',
      x_ticks_layout: 'flat',
      granularity_sqla: 'year',
      time_range: '2011-01-01 : 2011-01-02',
    });
    expect(upgraded.vizType).toBe('bubble_v2');
    expect(upgraded.params).toMatchObject({
      series: 'region',
      entity: 'country_name',
      row_limit: '0',
      logXAxis: false,
      logYAxis: true,
      x_axis_title_margin: 30,
      xAxisLabelRotation: 0,
      truncateYAxis: true,
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'year',
          operator: 'TEMPORAL_RANGE',
          comparator: '2011-01-01 : 2011-01-02',
          isExtra: false,
          filterOptionName: 'filter_time_range_year',
        },
      ],
    });
    expect(upgraded.params).not.toHaveProperty('x_axis');
  });

  it('heatmap → heatmap_v2', () => {
    const upgraded = upgradeLegacyChart('heatmap', {
      viz_type: 'heatmap',
      all_columns_x: 'channel_1',
      all_columns_y: 'channel_2',
      metric: 'sum__cnt',
      show_perc: true,
      y_axis_bounds: [null, null],
      sort_by_metric: true,
      canvas_image_rendering: 'pixelated',
    });
    expect(upgraded.vizType).toBe('heatmap_v2');
    expect(upgraded.params).toEqual({
      viz_type: 'heatmap_v2',
      x_axis: 'channel_1',
      groupby: 'channel_2',
      metric: 'sum__cnt',
      show_percentage: true,
      value_bounds: [null, null],
      legend_type: 'continuous',
    });
  });

  it('histogram → histogram_v2', () => {
    const upgraded = upgradeLegacyChart('histogram', {
      viz_type: 'histogram',
      all_columns_x: ['num'],
      link_length: '10',
      normalized: true,
      x_axis_label: 'Births',
    });
    expect(upgraded.vizType).toBe('histogram_v2');
    expect(upgraded.params).toEqual({
      viz_type: 'histogram_v2',
      column: 'num',
      bins: 10,
      groupby: [],
      normalize: true,
      x_axis_title: 'Births',
    });
  });

  it('sankey → sankey_v2 with source and target from the dimensions', () => {
    const upgraded = upgradeLegacyChart('sankey', {
      viz_type: 'sankey',
      groupby: ['source', 'target'],
      metric: 'sum__value',
    });
    expect(upgraded.vizType).toBe('sankey_v2');
    expect(upgraded.params).toEqual({
      viz_type: 'sankey_v2',
      source: 'source',
      target: 'target',
      metric: 'sum__value',
    });
  });

  it('sunburst → sunburst_v2 with its hierarchy as columns', () => {
    const upgraded = upgradeLegacyChart('sunburst', {
      viz_type: 'sunburst',
      groupby: ['region', 'country_name'],
      metric: 'sum__SP_POP_TOTL',
    });
    expect(upgraded.vizType).toBe('sunburst_v2');
    expect(upgraded.params).toEqual({
      viz_type: 'sunburst_v2',
      columns: ['region', 'country_name'],
      metric: 'sum__SP_POP_TOTL',
    });
  });

  it('treemap → treemap_v2 with its first metric', () => {
    const upgraded = upgradeLegacyChart('treemap', {
      viz_type: 'treemap',
      groupby: ['region', 'country_code'],
      metrics: ['sum__SP_POP_TOTL', 'count'],
      order_desc: true,
    });
    expect(upgraded.vizType).toBe('treemap_v2');
    expect(upgraded.params).toEqual({
      viz_type: 'treemap_v2',
      groupby: ['region', 'country_code'],
      metric: 'sum__SP_POP_TOTL',
      sort_by_metric: true,
    });
  });

  it('does not mutate its input', () => {
    const params = { ...BIRTHS_DEFAULTS, viz_type: 'area', stacked_style: 'stream' };
    const copy = structuredClone(params);
    upgradeLegacyChart('area', params);
    expect(params).toEqual(copy);
  });
});

describe('upgradeLegacyChart: idempotence', () => {
  it('changes nothing the second time for every legacy type', () => {
    for (const vizType of [
      'line',
      'area',
      'bar',
      'dist_bar',
      'dual_line',
      'pivot_table',
      'bubble',
      'heatmap',
      'histogram',
      'sankey',
      'sunburst',
      'treemap',
    ]) {
      const once = upgradeLegacyChart(vizType, {
        ...BIRTHS_DEFAULTS,
        viz_type: vizType,
        groupby: ['state', 'gender'],
        metrics: [BIRTHS_METRIC],
      });
      expect(once.changed, vizType).toBe(true);
      const twice = upgradeLegacyChart(once.vizType, once.params);
      expect(twice.changed, vizType).toBe(false);
    }
  });
});
