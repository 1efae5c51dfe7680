import { describe, expect, it, vi } from 'vitest';
import type { DataMask } from '../plugin-api';
import { chartPropsFor, seriesOf } from './common/testing';
import { bubbleChartPlugin } from './bubble';
import { graphChartPlugin } from './graph';
import { sankeyChartPlugin } from './sankey';
import { wordCloudChartPlugin } from './wordCloud';
import { layoutWords } from './wordCloud/layout';
import type { WordCloudProps } from './wordCloud/transformProps';
import { pivotTableChartPlugin } from './pivotTable';
import type { PivotTableProps } from './pivotTable/transformProps';

describe('sankey_v2', () => {
  const formData = {
    datasource: '1__table',
    viz_type: 'sankey_v2',
    source: 'from',
    target: 'to',
    metric: 'count',
  };
  it('groups by source and target', () => {
    expect(sankeyChartPlugin.buildQuery(formData).queries[0]).toMatchObject({
      columns: ['from', 'to'],
      orderby: [['count', false]],
    });
  });
  it('links distinct nodes and drops self links and cycles', () => {
    const data = [
      { from: 'a', to: 'b', count: 5 },
      { from: 'b', to: 'c', count: 3 },
      { from: 'c', to: 'a', count: 1 },
      { from: 'c', to: 'c', count: 1 },
    ];
    const [series] = seriesOf(
      (sankeyChartPlugin.transformProps(chartPropsFor(formData, [{ data }])) as { option: object }).option,
    );
    expect(series).toMatchObject({
      type: 'sankey',
      data: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
      links: [
        { source: 'a', target: 'b', value: 5 },
        { source: 'b', target: 'c', value: 3 },
      ],
    });
  });
});

describe('graph_chart', () => {
  const formData = {
    datasource: '1__table',
    viz_type: 'graph_chart',
    source: 'from',
    target: 'to',
    metric: 'count',
    source_category: 'kind',
  };
  it('groups by source, target and categories', () => {
    expect(graphChartPlugin.buildQuery(formData).queries[0]?.columns).toEqual(['from', 'to', 'kind']);
  });
  it('makes nodes with categories and edges, and cross-filters on a node', () => {
    const setDataMask = vi.fn<(mask: DataMask) => void>();
    const props = graphChartPlugin.transformProps(
      chartPropsFor(formData, [{ data: [{ from: 'a', to: 'b', kind: 'x', count: 2 }] }], {
        hooks: { setDataMask },
        emitCrossFilters: true,
      }),
    ) as { option: object; crossFilter?: { groupby: string[] } };
    const [series] = seriesOf(props.option);
    expect(series).toMatchObject({
      type: 'graph',
      categories: [{ name: 'x' }],
      data: [
        { name: 'a', value: 2, category: 0 },
        { name: 'b', value: 2 },
      ],
      links: [{ source: 'a', target: 'b', value: 2 }],
    });
    expect(props.crossFilter?.groupby).toEqual(['from']);
  });
});

describe('bubble_v2', () => {
  const formData = {
    datasource: '1__table',
    viz_type: 'bubble_v2',
    entity: 'country',
    series: 'region',
    x: 'gdp',
    y: 'life',
    size: 'pop',
    max_bubble_size: 25,
  };
  it('queries the three metrics per entity and series, largest first', () => {
    expect(bubbleChartPlugin.buildQuery(formData).queries[0]).toMatchObject({
      columns: ['country', 'region'],
      metrics: ['gdp', 'life', 'pop'],
      orderby: [['pop', false]],
    });
  });
  it('makes one scatter series per series value with sized bubbles', () => {
    const data = [
      { country: 'A', region: 'East', gdp: 1, life: 70, pop: 100 },
      { country: 'B', region: 'West', gdp: 2, life: 80, pop: 25 },
    ];
    const series = seriesOf(
      (bubbleChartPlugin.transformProps(chartPropsFor(formData, [{ data }])) as { option: object }).option,
    );
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['East', [[1, 70, 100, 'A']]],
      ['West', [[2, 80, 25, 'B']]],
    ]);
    const symbolSize = series[0]?.symbolSize;
    expect(
      typeof symbolSize === 'function' ? (symbolSize as (v: unknown) => number)([1, 70, 100]) : null,
    ).toBe(50);
  });
});

describe('word_cloud', () => {
  const formData = {
    datasource: '1__table',
    viz_type: 'word_cloud',
    series: 'name',
    metric: 'count',
    size_from: 10,
    size_to: 50,
    rotation: 'flat',
  };
  it('orders words by the metric', () => {
    expect(wordCloudChartPlugin.buildQuery(formData).queries[0]).toMatchObject({
      columns: ['name'],
      orderby: [['count', false]],
    });
  });
  it('scales font sizes between size_from and size_to', () => {
    const props = wordCloudChartPlugin.transformProps(
      chartPropsFor(formData, [
        {
          data: [
            { name: 'a', count: 100 },
            { name: 'b', count: 50 },
            { name: 'c', count: 0 },
          ],
        },
      ]),
    ) as WordCloudProps;
    expect(props.words.map((w) => [w.text, w.size])).toEqual([
      ['a', 50],
      ['b', 30],
      ['c', 10],
    ]);
    expect(props.rotation).toBe('flat');
  });
  it('lays words out without overlaps inside the area', () => {
    const words = Array.from({ length: 30 }, (_, i) => ({
      text: `word${String(i)}`,
      size: 40 - i,
      color: '#000',
    }));
    const measure = (text: string, size: number) => ({ width: text.length * size * 0.6, height: size });
    const placed = layoutWords(words, 400, 300, measure, 'square');
    expect(placed.length).toBeGreaterThan(5);
    for (const [i, a] of placed.entries()) {
      const boxA = a.rotate === 90 ? { w: a.height, h: a.width } : { w: a.width, h: a.height };
      expect(a.x - boxA.w / 2).toBeGreaterThanOrEqual(0);
      expect(a.x + boxA.w / 2).toBeLessThanOrEqual(400);
      for (const b of placed.slice(i + 1)) {
        const boxB = b.rotate === 90 ? { w: b.height, h: b.width } : { w: b.width, h: b.height };
        const apart =
          Math.abs(a.x - b.x) >= (boxA.w + boxB.w) / 2 || Math.abs(a.y - b.y) >= (boxA.h + boxB.h) / 2;
        expect(apart).toBe(true);
      }
    }
  });
});

describe('pivot_table_v2', () => {
  const formData = {
    datasource: '1__table',
    viz_type: 'pivot_table_v2',
    groupbyRows: ['state'],
    groupbyColumns: ['gender'],
    metrics: ['count'],
    aggregateFunction: 'Sum',
    rowTotals: true,
    colTotals: true,
    valueFormat: ',d',
  };
  const data = [
    { state: 'CA', gender: 'boy', count: 60 },
    { state: 'CA', gender: 'girl', count: 30 },
    { state: 'NY', gender: 'boy', count: 10 },
  ];
  it('groups by the column and row dimensions, ordered by the first metric', () => {
    expect(pivotTableChartPlugin.buildQuery(formData).queries[0]).toMatchObject({
      columns: ['gender', 'state'],
      metrics: ['count'],
      orderby: [['count', false]],
    });
  });
  it('pivots rows × columns with totals', () => {
    const props = pivotTableChartPlugin.transformProps(
      chartPropsFor(formData, [{ data }]),
    ) as PivotTableProps;
    expect(props.columnHeaders).toEqual([
      ['boy', 'count'],
      ['girl', 'count'],
      ['Total', 'count'],
    ]);
    expect(props.rows.map((row) => [row.header, row.cells])).toEqual([
      [['CA'], ['60', '30', '90']],
      [['NY'], ['10', '', '10']],
      [['Total'], ['70', '30', '100']],
    ]);
  });
  it('computes fractions and transposes', () => {
    const props = pivotTableChartPlugin.transformProps(
      chartPropsFor(
        {
          ...formData,
          aggregateFunction: 'Sum as Fraction of Total',
          transposePivot: true,
          rowTotals: false,
          colTotals: false,
        },
        [{ data }],
      ),
    ) as PivotTableProps;
    expect(props.rowHeaders).toEqual(['gender']);
    expect(props.rows.map((row) => row.cells)).toEqual([
      ['60.0%', '10.0%'],
      ['30.0%', ''],
    ]);
  });
});
