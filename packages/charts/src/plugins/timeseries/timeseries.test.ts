import { describe, expect, it, vi } from 'vitest';
import type { ExploreDatasource } from '@tessera/contracts';
import type { DataMask } from '../../plugin-api';
import { chartPropsFor, seriesOf } from '../common/testing';
import type { ChartPlugin } from '../../plugin-api';
import { barChartPlugin, lineChartPlugin, stepLineChartPlugin, areaChartPlugin, scatterChartPlugin } from '.';

const formData = {
  datasource: '1__table',
  viz_type: 'echarts_timeseries_line',
  x_axis: 'ds',
  time_grain_sqla: 'P1Y',
  metrics: [{ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' } }],
  groupby: ['gender'],
  adhoc_filters: [
    { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'state', operator: 'IN', comparator: ['CA'] },
  ],
  row_limit: 10000,
  time_range: 'No filter',
  truncate_metric: true,
};

describe('timeseries buildQuery', () => {
  it('groups by the x axis and the dimensions and pivots, renames and flattens', () => {
    const [query] = lineChartPlugin.buildQuery(formData).queries;
    expect(query?.columns).toEqual([
      { sqlExpression: 'ds', label: 'ds', expressionType: 'SQL', columnType: 'BASE_AXIS', timeGrain: 'P1Y' },
      'gender',
    ]);
    expect(query?.series_columns).toEqual(['gender']);
    expect(query?.filters).toEqual([{ col: 'state', op: 'IN', val: ['CA'] }]);
    expect(query?.orderby).toEqual([[formData.metrics[0], false]]);
    expect(query?.post_processing).toEqual([
      {
        operation: 'pivot',
        options: {
          index: ['ds'],
          columns: ['gender'],
          aggregates: { 'SUM(num)': { operator: 'mean' } },
          drop_missing_columns: true,
        },
      },
      { operation: 'rename', options: { columns: { 'SUM(num)': null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    ]);
  });

  it("asks for the series beyond the limit as 'Others' once the control shows and is ticked", () => {
    const controls = lineChartPlugin.controlPanel.sections.flatMap((section) =>
      section.controlSetRows.flat(),
    );
    const others = controls.find((control) => control.name === 'group_others_when_limit_reached');
    expect(others?.type).toBe('CheckboxControl');
    expect(others?.visibility?.(formData)).toBe(false);
    expect(others?.visibility?.({ ...formData, series_limit: 5 })).toBe(true);
    expect(others?.visibility?.({ ...formData, series_limit: 5, groupby: [] })).toBe(false);
    const [plain] = lineChartPlugin.buildQuery({ ...formData, series_limit: 5 }).queries;
    expect(plain?.group_others_when_limit_reached).toBeUndefined();
    const [grouped] = lineChartPlugin.buildQuery({
      ...formData,
      series_limit: 5,
      group_others_when_limit_reached: true,
    }).queries;
    expect(grouped).toMatchObject({
      series_limit: 5,
      series_columns: ['gender'],
      group_others_when_limit_reached: true,
    });
  });

  it('adds rolling, compare and resample steps in Superset order', () => {
    const [query] = lineChartPlugin.buildQuery({
      ...formData,
      groupby: [],
      rolling_type: 'mean',
      rolling_periods: '7',
      min_periods: 2,
      time_compare: ['1 year ago'],
      comparison_type: 'absolute',
      resample_rule: '1D',
      resample_method: 'zerofill',
    }).queries;
    expect(query?.time_offsets).toEqual(['1 year ago']);
    expect(query?.post_processing?.map((step) => step?.operation)).toEqual([
      'pivot',
      'rolling',
      'compare',
      'resample',
      'rename',
      'flatten',
    ]);
    const compared = 'difference__SUM(num)__SUM(num)__1 year ago';
    expect(query?.post_processing?.[1]).toEqual({
      operation: 'rolling',
      options: {
        rolling_type: 'mean',
        window: 7,
        min_periods: 2,
        columns: { [compared]: compared },
        is_pivot_df: true,
      },
    });
    expect(query?.post_processing?.[4]).toEqual({
      operation: 'rename',
      options: { columns: { [compared]: '1 year ago' }, level: 0, inplace: true },
    });
    expect(query?.post_processing?.[2]).toEqual({
      operation: 'compare',
      options: {
        source_columns: ['SUM(num)'],
        compare_columns: ['SUM(num)__1 year ago'],
        compare_type: 'difference',
        drop_original_columns: true,
      },
    });
    expect(query?.post_processing?.[3]).toEqual({
      operation: 'resample',
      options: { method: 'asfreq', rule: '1D', fill_value: 0 },
    });
  });

  it('uses cum for a cumulative sum', () => {
    const [query] = lineChartPlugin.buildQuery({ ...formData, rolling_type: 'cumsum' }).queries;
    expect(query?.post_processing?.[1]).toEqual({
      operation: 'cum',
      options: { operator: 'sum', columns: { 'SUM(num)': 'SUM(num)' }, is_pivot_df: true },
    });
  });

  it('keeps the metric level without truncate_metric and pivots legacy queries on __timestamp', () => {
    const [query] = lineChartPlugin.buildQuery({ ...formData, truncate_metric: undefined }).queries;
    expect(query?.post_processing?.map((step) => step?.operation)).toEqual(['pivot', 'flatten']);
    const [legacy] = lineChartPlugin.buildQuery({ ...formData, x_axis: undefined, groupby: [] }).queries;
    expect(legacy?.is_timeseries).toBe(true);
    expect(legacy?.post_processing?.[0]).toMatchObject({
      operation: 'pivot',
      options: { index: ['__timestamp'] },
    });
  });
});

const queriesData = [
  {
    colnames: ['ds', 'boy', 'girl'],
    coltypes: [2, 0, 0],
    data: [
      { ds: Date.UTC(2000, 0, 1), boy: 10, girl: 12 },
      { ds: Date.UTC(2001, 0, 1), boy: 11, girl: null },
    ],
    label_map: { boy: ['boy'], girl: ['girl'] },
  },
];

describe('timeseries transformProps', () => {
  it('makes one series per result column on a time axis', () => {
    const props = lineChartPlugin.transformProps(chartPropsFor(formData, queriesData));
    const { option } = props as { option: { series: unknown; xAxis: unknown } };
    const series = seriesOf(option);
    expect(series.map((s) => s.name)).toEqual(['boy', 'girl']);
    expect(series[0]).toMatchObject({
      type: 'line',
      smooth: false,
      data: [
        [Date.UTC(2000, 0, 1), 10],
        [Date.UTC(2001, 0, 1), 11],
      ],
    });
    expect(series[1]).toMatchObject({
      data: [
        [Date.UTC(2000, 0, 1), 12],
        [Date.UTC(2001, 0, 1), null],
      ],
    });
    expect(option.xAxis).toMatchObject({ type: 'time' });
  });

  it('titles the tooltip with the date at the time grain, or in the chosen format', () => {
    const tooltipTitle = (extra: Record<string, unknown>) => {
      const { option } = lineChartPlugin.transformProps(
        chartPropsFor({ ...formData, ...extra }, queriesData),
      ) as {
        option: {
          xAxis?: { axisPointer?: { label?: { formatter?: (params: { value: unknown }) => string } } };
        };
      };
      return option.xAxis?.axisPointer?.label?.formatter?.({ value: Date.UTC(2001, 0, 1) }) ?? null;
    };
    expect(tooltipTitle({ time_grain_sqla: 'P1Y' })).toBe('2001');
    expect(tooltipTitle({ time_grain_sqla: 'P1M' })).toBe('2001-01');
    expect(tooltipTitle({ time_grain_sqla: 'P1D' })).toBe('2001-01-01');
    expect(tooltipTitle({ time_grain_sqla: 'PT1H' })).toBe('2001-01-01 00:00');
    expect(tooltipTitle({ time_grain_sqla: 'P1D', x_axis_time_format: '%d/%m/%Y' })).toBe('01/01/2001');
  });

  it('draws bars, stacked areas and steps per variant', () => {
    const bar = seriesOf(
      (
        barChartPlugin.transformProps(chartPropsFor({ ...formData, stack: true }, queriesData)) as {
          option: object;
        }
      ).option,
    );
    expect(bar[0]).toMatchObject({ type: 'bar', stack: 'total' });
    const area = seriesOf(
      (
        areaChartPlugin.transformProps(chartPropsFor({ ...formData, stack: true }, queriesData)) as {
          option: object;
        }
      ).option,
    );
    expect(area[0]).toMatchObject({ type: 'line', areaStyle: { opacity: 0.2 }, stack: 'total' });
    const step = seriesOf(
      (
        stepLineChartPlugin.transformProps(
          chartPropsFor({ ...formData, seriesType: 'end' }, queriesData),
        ) as { option: object }
      ).option,
    );
    expect(step[0]).toMatchObject({ type: 'line', step: 'end' });
    const lineWithStaleStep = seriesOf(
      (
        lineChartPlugin.transformProps(chartPropsFor({ ...formData, seriesType: 'end' }, queriesData)) as {
          option: object;
        }
      ).option,
    );
    expect(lineWithStaleStep[0]?.step).toBeUndefined();
  });

  it('samples large series with LTTB', () => {
    const data = Array.from({ length: 2500 }, (_, i) => ({ ds: i * 1000, boy: i }));
    const props = lineChartPlugin.transformProps(
      chartPropsFor(formData, [{ colnames: ['ds', 'boy'], coltypes: [2, 0], data }]),
    );
    const [series] = seriesOf((props as { option: object }).option);
    expect(series).toMatchObject({ sampling: 'lttb', showSymbol: false });
    const small = seriesOf(
      (lineChartPlugin.transformProps(chartPropsFor(formData, queriesData)) as { option: object }).option,
    );
    expect(small[0]?.sampling).toBeUndefined();
  });

  it('emits a cross filter on the clicked series and clears it on a second click', () => {
    const setDataMask = vi.fn<(mask: DataMask) => void>();
    const props = lineChartPlugin.transformProps(
      chartPropsFor(formData, queriesData, { hooks: { setDataMask }, emitCrossFilters: true }),
    ) as { crossFilter?: { groupby: string[]; labels: Map<string, unknown[]>; target: string } };
    expect(props.crossFilter).toMatchObject({ groupby: ['gender'], target: 'series' });
    expect(props.crossFilter?.labels.get('boy')).toEqual(['boy']);
    const withoutEmit = lineChartPlugin.transformProps(
      chartPropsFor(formData, queriesData, { hooks: { setDataMask } }),
    );
    expect((withoutEmit as { crossFilter?: unknown }).crossFilter).toBeUndefined();
  });
});

describe('timeseries on a category x-axis', () => {
  const byState = {
    ...formData,
    viz_type: 'echarts_timeseries_bar',
    x_axis: 'state',
    groupby: [],
    temporal_columns_lookup: { ds: true, state: false },
  };

  it('accepts any column on the x-axis and hides the time grain for a category', () => {
    const controls = barChartPlugin.controlPanel.sections.flatMap((section) => section.controlSetRows.flat());
    expect(controls.find((control) => control.name === 'x_axis')?.type).toBe('ColumnControl');
    const grain = controls.find((control) => control.name === 'time_grain_sqla');
    expect(grain?.visibility?.(byState)).toBe(false);
    expect(grain?.visibility?.({ ...byState, x_axis: 'ds' })).toBe(true);
  });

  it('groups by the category without a time grain', () => {
    const [query] = barChartPlugin.buildQuery(byState).queries;
    expect(query?.columns).toEqual([
      { sqlExpression: 'state', label: 'state', expressionType: 'SQL', columnType: 'BASE_AXIS' },
    ]);
    const [temporal] = barChartPlugin.buildQuery({ ...byState, x_axis: 'ds' }).queries;
    expect(temporal?.columns?.[0]).toMatchObject({ timeGrain: 'P1Y' });
  });

  it('draws a category axis with one bar per state', () => {
    const result = [
      {
        colnames: ['state', 'SUM(num)'],
        coltypes: [1, 0],
        data: [
          { state: 'CA', 'SUM(num)': 300 },
          { state: 'NY', 'SUM(num)': 200 },
        ],
      },
    ];
    const { option } = barChartPlugin.transformProps(chartPropsFor(byState, result)) as {
      option: { xAxis: unknown };
    };
    expect(option.xAxis).toMatchObject({ type: 'category' });
    expect(seriesOf(option)[0]).toMatchObject({
      type: 'bar',
      data: [
        ['CA', 300],
        ['NY', 200],
      ],
    });
  });
});

describe('timeseries with dataset metrics', () => {
  const datasource = {
    metrics: [{ metric_name: 'girl_share', verbose_name: 'Girl share', d3format: '.1%' }],
    verbose_map: { girl_share: 'Girl share' },
    column_formats: { girl_share: '.1%' },
  } as unknown as ExploreDatasource;
  const result = [
    {
      colnames: ['ds', 'girl_share'],
      coltypes: [2, 0],
      data: [{ ds: Date.UTC(2000, 0, 1), girl_share: 0.4184 }],
    },
  ];
  const shareForm = { ...formData, metrics: ['girl_share'], groupby: [], y_axis_format: 'SMART_NUMBER' };

  it('shows the verbose name in the legend and the d3 format on the axis and in the tooltip', () => {
    const { option } = lineChartPlugin.transformProps(chartPropsFor(shareForm, result, { datasource })) as {
      option: {
        legend: { data: string[] };
        yAxis: { axisLabel: { formatter: (v: number) => string } };
        tooltip: { valueFormatter: (v: number) => string };
      };
    };
    expect(option.legend.data).toEqual(['Girl share']);
    const [series] = seriesOf(option) as {
      name: string;
      tooltip: { valueFormatter: (v: number) => string };
    }[];
    expect(series?.name).toBe('Girl share');
    expect(series?.tooltip.valueFormatter(0.4184)).toBe('41.8%');
    expect(option.yAxis.axisLabel.formatter(0.4184)).toBe('41.8%');
    expect(option.tooltip.valueFormatter(0.4184)).toBe('41.8%');
  });

  it('lets a chart-level y-axis format win over the metric format', () => {
    const { option } = lineChartPlugin.transformProps(
      chartPropsFor({ ...shareForm, y_axis_format: ',.2f' }, result, { datasource }),
    ) as { option: { yAxis: { axisLabel: { formatter: (v: number) => string } } } };
    expect(option.yAxis.axisLabel.formatter(0.4184)).toBe('0.42');
  });
});

describe('timeseries marker controls', () => {
  const controlNames = (plugin: ChartPlugin) =>
    plugin.controlPanel.sections.flatMap((section) =>
      section.controlSetRows.flat().map((control) => control.name),
    );
  it('offers no marker controls on bars, where echarts draws no markers', () => {
    expect(controlNames(barChartPlugin)).not.toContain('markerEnabled');
    expect(controlNames(barChartPlugin)).not.toContain('markerSize');
  });
  it('keeps them where they work: lines toggle and size markers, scatter points only size', () => {
    expect(controlNames(lineChartPlugin)).toEqual(expect.arrayContaining(['markerEnabled', 'markerSize']));
    expect(controlNames(scatterChartPlugin)).toContain('markerSize');
    expect(controlNames(scatterChartPlugin)).not.toContain('markerEnabled');
  });
});
