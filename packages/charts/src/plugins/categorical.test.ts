import { describe, expect, it } from 'vitest';
import { chartPropsFor, seriesOf } from './common/testing';
import { funnelChartPlugin } from './funnel';
import { gaugeChartPlugin } from './gauge';
import { radarChartPlugin } from './radar';
import { treemapChartPlugin } from './treemap';
import { sunburstChartPlugin } from './sunburst';

const rows = [
  { state: 'CA', gender: 'boy', count: 60, num: 6 },
  { state: 'CA', gender: 'girl', count: 30, num: 3 },
  { state: 'NY', gender: 'boy', count: 10, num: 5 },
];

describe('funnel', () => {
  const formData = {
    datasource: '1__table',
    viz_type: 'funnel',
    groupby: ['state'],
    metric: 'count',
    label_type: 'key_percent',
  };
  it('orders by the metric', () => {
    expect(funnelChartPlugin.buildQuery(formData).queries[0]).toMatchObject({
      columns: ['state'],
      orderby: [['count', false]],
    });
  });
  it('labels stages with their share of the widest stage', () => {
    const [series] = seriesOf(
      (
        funnelChartPlugin.transformProps(
          chartPropsFor(formData, [
            {
              data: [
                { state: 'CA', count: 80 },
                { state: 'NY', count: 20 },
              ],
            },
          ]),
        ) as { option: object }
      ).option,
    );
    expect(series).toMatchObject({
      type: 'funnel',
      data: [
        { name: 'CA', value: 80, label: { formatter: 'CA: 100.00%' } },
        { name: 'NY', value: 20, label: { formatter: 'NY: 25.00%' } },
      ],
    });
  });
});

describe('gauge', () => {
  const formData = {
    datasource: '1__table',
    viz_type: 'gauge_chart',
    groupby: [],
    metric: 'count',
    min_val: 0,
  };
  it('scales to the largest value unless max_val is set', () => {
    const props = (fd: object) =>
      seriesOf(
        (
          gaugeChartPlugin.transformProps(
            chartPropsFor({ ...formData, ...fd }, [{ data: [{ count: 40 }] }]),
          ) as { option: object }
        ).option,
      )[0];
    expect(props({})).toMatchObject({ type: 'gauge', min: 0, max: 40, data: [{ name: 'count', value: 40 }] });
    expect(props({ max_val: 100 })).toMatchObject({ max: 100 });
  });
  it('orders by the metric', () => {
    expect(gaugeChartPlugin.buildQuery(formData).queries[0]?.orderby).toEqual([['count', false]]);
  });
});

describe('radar', () => {
  const formData = {
    datasource: '1__table',
    viz_type: 'radar',
    groupby: ['state'],
    metrics: ['count', 'num'],
    column_config: { num: { radarMetricMaxValue: 10 } },
  };
  it('orders by the first metric', () => {
    expect(radarChartPlugin.buildQuery(formData).queries[0]).toMatchObject({
      metrics: ['count', 'num'],
      orderby: [['count', false]],
    });
  });
  it('makes one indicator per metric and one polygon per group', () => {
    const props = radarChartPlugin.transformProps(
      chartPropsFor(formData, [
        {
          data: [
            { state: 'CA', count: 90, num: 9 },
            { state: 'NY', count: 10, num: 5 },
          ],
        },
      ]),
    ) as { option: { radar?: unknown } };
    expect(props.option.radar).toMatchObject({
      indicator: [
        { name: 'count', max: 90 },
        { name: 'num', max: 10 },
      ],
    });
    expect(seriesOf(props.option)[0]).toMatchObject({
      data: [
        { name: 'CA', value: [90, 9] },
        { name: 'NY', value: [10, 5] },
      ],
    });
  });
});

describe('treemap and sunburst', () => {
  it('nest the rows by the hierarchy and sum values up', () => {
    const formData = {
      datasource: '1__table',
      viz_type: 'treemap_v2',
      groupby: ['state', 'gender'],
      metric: 'count',
    };
    expect(treemapChartPlugin.buildQuery(formData).queries[0]).toMatchObject({
      columns: ['state', 'gender'],
      orderby: [['count', false]],
    });
    const [series] = seriesOf(
      (treemapChartPlugin.transformProps(chartPropsFor(formData, [{ data: rows }])) as { option: object })
        .option,
    );
    expect(series).toMatchObject({
      type: 'treemap',
      data: [
        {
          name: 'CA',
          value: 90,
          crossFilterKey: 'CA',
          children: [
            { name: 'boy', value: 60, crossFilterKey: 'CA, boy' },
            { name: 'girl', value: 30 },
          ],
        },
        { name: 'NY', value: 10, children: [{ name: 'boy', value: 10 }] },
      ],
    });
  });
  it('colour sunburst nodes by the secondary/primary ratio when a secondary metric is set', () => {
    const formData = {
      datasource: '1__table',
      viz_type: 'sunburst_v2',
      columns: ['state'],
      metric: 'count',
      secondary_metric: 'num',
      linear_color_scheme: 'blues',
    };
    expect(sunburstChartPlugin.buildQuery(formData).queries[0]).toMatchObject({
      columns: ['state'],
      metrics: ['count', 'num'],
    });
    const [series] = seriesOf(
      (sunburstChartPlugin.transformProps(chartPropsFor(formData, [{ data: rows }])) as { option: object })
        .option,
    );
    // CA: 9/90 = 0.1 (lowest ratio → first colour), NY: 5/10 = 0.5 (highest → last colour)
    expect(series).toMatchObject({
      type: 'sunburst',
      data: [
        { name: 'CA', value: 90, itemStyle: { color: '#eff3ff' } },
        { name: 'NY', value: 10, itemStyle: { color: '#08306b' } },
      ],
    });
  });
  it('emit cross filters on a node path prefix', async () => {
    const { toggleCrossFilter } = await import('../echarts/crossFilter');
    const labels = new Map<string, unknown[]>([
      ['CA', ['CA']],
      ['CA, boy', ['CA', 'boy']],
    ]);
    expect(toggleCrossFilter(['state', 'gender'], 'CA', labels, []).extraFormData).toEqual({
      filters: [{ col: 'state', op: 'IN', val: ['CA'] }],
    });
  });
});
