import { describe, expect, it } from 'vitest';
import { chartPropsFor, seriesOf } from './common/testing';
import { boxPlotChartPlugin } from './boxPlot';
import { heatmapChartPlugin } from './heatmap';
import { normalizedRanks } from './heatmap/transformProps';
import { histogramChartPlugin } from './histogram';
import { waterfallChartPlugin } from './waterfall';
import { waterfallSteps } from './waterfall/transformProps';

describe('histogram_v2', () => {
  const formData = {
    datasource: '1__table',
    viz_type: 'histogram_v2',
    column: 'num',
    groupby: ['gender'],
    bins: 10,
    normalize: true,
  };
  it('selects raw values and bins them with the histogram step', () => {
    const [query] = histogramChartPlugin.buildQuery(formData).queries;
    expect(query).toMatchObject({
      columns: ['gender', 'num'],
      metrics: [],
      post_processing: [
        {
          operation: 'histogram',
          options: { column: 'num', groupby: ['gender'], bins: 10, cumulative: false, normalize: true },
        },
      ],
    });
  });
  it('draws one bar series per group over the bins', () => {
    const props = histogramChartPlugin.transformProps(
      chartPropsFor(formData, [
        { colnames: ['gender', '0 - 5', '5 - 10'], data: [{ gender: 'boy', '0 - 5': 0.25, '5 - 10': 0.75 }] },
      ]),
    ) as { option: { xAxis?: unknown } };
    expect(props.option.xAxis).toMatchObject({ data: ['0 - 5', '5 - 10'] });
    expect(seriesOf(props.option)[0]).toMatchObject({ type: 'bar', name: 'boy', data: [0.25, 0.75] });
  });
});

describe('box_plot', () => {
  const formData = {
    datasource: '1__table',
    viz_type: 'box_plot',
    columns: ['state'],
    groupby: ['gender'],
    metrics: ['count'],
    whiskerOptions: '2/98 percentiles',
  };
  it('aggregates per distribution column and summarises with the boxplot step', () => {
    const [query] = boxPlotChartPlugin.buildQuery(formData).queries;
    expect(query).toMatchObject({
      columns: ['state', 'gender'],
      series_columns: ['gender'],
      post_processing: [
        {
          operation: 'boxplot',
          options: {
            groupby: ['gender'],
            metrics: ['count'],
            whisker_type: 'percentile',
            percentiles: [2, 98],
          },
        },
      ],
    });
    expect(
      boxPlotChartPlugin.buildQuery({ ...formData, whiskerOptions: 'Tukey' }).queries[0]?.post_processing?.[0]
        ?.options,
    ).toMatchObject({
      whisker_type: 'tukey',
    });
  });
  it('draws a box per group and the outliers', () => {
    const row = {
      gender: 'boy',
      count__min: 1,
      count__q1: 2,
      count__median: 3,
      count__q3: 4,
      count__max: 5,
      count__mean: 3,
      count__count: 9,
      count__outliers: [20],
    };
    const series = seriesOf(
      (boxPlotChartPlugin.transformProps(chartPropsFor(formData, [{ data: [row] }])) as { option: object })
        .option,
    );
    expect(series[0]).toMatchObject({ type: 'boxplot', data: [{ value: [1, 2, 3, 4, 5] }] });
    expect(series[1]).toMatchObject({ type: 'scatter', data: [['boy', 20]] });
  });
});

describe('heatmap_v2', () => {
  const formData = {
    datasource: '1__table',
    viz_type: 'heatmap_v2',
    x_axis: 'state',
    groupby: ['gender'],
    metric: 'count',
    sort_x_axis: 'alpha_asc',
    sort_y_axis: 'value_desc',
  };
  it('groups by x and y and orders by the axis sorts', () => {
    const [query] = heatmapChartPlugin.buildQuery(formData).queries;
    expect(query?.columns).toEqual([
      { sqlExpression: 'state', label: 'state', expressionType: 'SQL', columnType: 'BASE_AXIS' },
      'gender',
    ]);
    expect(query?.orderby).toEqual([
      [{ sqlExpression: 'state', label: 'state', expressionType: 'SQL', columnType: 'BASE_AXIS' }, true],
      ['count', false],
    ]);
  });
  it('places cells on the category grid with their percentile rank', () => {
    const data = [
      { state: 'CA', gender: 'boy', count: 10 },
      { state: 'NY', gender: 'girl', count: 30 },
      { state: 'CA', gender: 'girl', count: 20 },
    ];
    const props = heatmapChartPlugin.transformProps(chartPropsFor(formData, [{ data }])) as {
      option: { xAxis?: unknown; yAxis?: unknown };
    };
    expect(props.option.xAxis).toMatchObject({ data: ['CA', 'NY'] });
    expect(props.option.yAxis).toMatchObject({ data: ['boy', 'girl'] });
    expect(seriesOf(props.option)[0]).toMatchObject({
      data: [
        [0, 0, 10, 0],
        [1, 1, 30, 1],
        [0, 1, 20, 0.5],
      ],
    });
    expect(normalizedRanks([5, 1, 3, null], ['a', 'a', 'b', 'b'])).toEqual([1, 0, 1, null]);
  });
});

describe('dates on category axes', () => {
  const result = {
    colnames: ['ds', 'gender', 'count'],
    coltypes: [2, 1, 0],
    data: [
      { ds: Date.UTC(2001, 0, 1), gender: 'boy', count: 3 },
      { ds: Date.UTC(2001, 1, 1), gender: 'girl', count: 4 },
    ],
  };
  const xLabels = (option: unknown) =>
    (option as { xAxis?: { data?: unknown } }).xAxis?.data as string[] | undefined;
  it('labels heatmap and waterfall columns at the time grain', () => {
    const heatmap = heatmapChartPlugin.transformProps(
      chartPropsFor(
        {
          datasource: '1__table',
          viz_type: 'heatmap_v2',
          x_axis: 'ds',
          time_grain_sqla: 'P1M',
          groupby: ['gender'],
          metric: 'count',
        },
        [result],
      ),
    ) as { option: unknown };
    expect(xLabels(heatmap.option)).toEqual(['2001-01', '2001-02']);
    const waterfall = waterfallChartPlugin.transformProps(
      chartPropsFor(
        {
          datasource: '1__table',
          viz_type: 'waterfall',
          x_axis: 'ds',
          time_grain_sqla: 'P1D',
          metric: 'count',
          show_total: false,
        },
        [result],
      ),
    ) as { option: unknown };
    expect(xLabels(waterfall.option)).toEqual(['2001-01-01', '2001-02-01']);
  });
  it('uses the chosen date format when there is one', () => {
    const waterfall = waterfallChartPlugin.transformProps(
      chartPropsFor(
        {
          datasource: '1__table',
          viz_type: 'waterfall',
          x_axis: 'ds',
          time_grain_sqla: 'P1D',
          metric: 'count',
          show_total: false,
          x_axis_time_format: '%m/%d/%Y',
        },
        [result],
      ),
    ) as { option: unknown };
    expect(xLabels(waterfall.option)).toEqual(['01/01/2001', '02/01/2001']);
  });
});

describe('waterfall', () => {
  const formData = {
    datasource: '1__table',
    viz_type: 'waterfall',
    x_axis: 'year',
    metric: 'count',
    show_total: true,
  };
  it('orders by the x axis ascending', () => {
    const [query] = waterfallChartPlugin.buildQuery(formData).queries;
    expect(query?.orderby).toEqual([
      [{ sqlExpression: 'year', label: 'year', expressionType: 'SQL', columnType: 'BASE_AXIS' }, true],
    ]);
  });
  it('floats each step on the running total and closes with a total', () => {
    expect(
      waterfallSteps(
        [
          { label: 'a', value: 10 },
          { label: 'b', value: -4 },
          { label: 'c', value: 6 },
        ],
        true,
      ),
    ).toEqual([
      { label: 'a', base: 0, delta: 10, kind: 'increase' },
      { label: 'b', base: 6, delta: -4, kind: 'decrease' },
      { label: 'c', base: 6, delta: 6, kind: 'increase' },
      { label: 'Total', base: 0, delta: 12, kind: 'total' },
    ]);
    const series = seriesOf(
      (
        waterfallChartPlugin.transformProps(
          chartPropsFor(formData, [
            {
              data: [
                { year: 2000, count: 10 },
                { year: 2001, count: -4 },
              ],
            },
          ]),
        ) as { option: object }
      ).option,
    );
    expect(series.map((s) => s.data)).toEqual([
      [0, 6, 0],
      [10, '-', '-'],
      ['-', 4, '-'],
      ['-', '-', 6],
    ]);
  });
});
