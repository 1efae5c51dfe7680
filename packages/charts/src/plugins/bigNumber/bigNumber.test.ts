import type { ExploreDatasource } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { chartPropsFor, seriesOf } from '../common/testing';
import type { BigNumberProps } from './transformProps';
import { bigNumberTotalPlugin, bigNumberTrendPlugin } from '.';
import { fitFontSize } from './fit-font-size';

const base = { datasource: '1__table', metric: 'count', y_axis_format: ',d' };

describe('big_number_total', () => {
  it('queries the metric without grouping', () => {
    const [query] = bigNumberTotalPlugin.buildQuery({
      ...base,
      viz_type: 'big_number_total',
      groupby: ['x'],
    }).queries;
    expect(query).toMatchObject({ metrics: ['count'], columns: [], post_processing: [] });
  });
  it('formats the value and says No data without one', () => {
    const formData = { ...base, viz_type: 'big_number_total', subheader: 'people' };
    const props = bigNumberTotalPlugin.transformProps(
      chartPropsFor(formData, [{ data: [{ count: 12345 }] }]),
    ) as BigNumberProps;
    expect(props).toMatchObject({ bigNumber: '12,345', subheader: 'people' });
    const empty = bigNumberTotalPlugin.transformProps(
      chartPropsFor(formData, [{ data: [] }]),
    ) as BigNumberProps;
    expect(empty.bigNumber).toBe('No data');
  });
  it("uses the dataset metric's d3 format unless the chart sets one", () => {
    const datasource = {
      metrics: [{ metric_name: 'girl_share', verbose_name: 'Girl share', d3format: '.1%' }],
      verbose_map: { girl_share: 'Girl share' },
      column_formats: { girl_share: '.1%' },
    } as unknown as ExploreDatasource;
    const formData = { ...base, viz_type: 'big_number_total', metric: 'girl_share' };
    const result = [{ data: [{ girl_share: 0.4184 }] }];
    const adaptive = bigNumberTotalPlugin.transformProps(
      chartPropsFor({ ...formData, y_axis_format: 'SMART_NUMBER' }, result, { datasource }),
    ) as BigNumberProps;
    expect(adaptive.bigNumber).toBe('41.8%');
    const own = bigNumberTotalPlugin.transformProps(
      chartPropsFor({ ...formData, y_axis_format: '.3f' }, result, { datasource }),
    ) as BigNumberProps;
    expect(own.bigNumber).toBe('0.418');
  });
});

describe('big_number', () => {
  const formData = {
    ...base,
    viz_type: 'big_number',
    x_axis: 'ds',
    time_grain_sqla: 'P1D',
    compare_lag: 1,
    compare_suffix: 'WoW',
  };
  it('groups by the time grain and pivots on the x axis', () => {
    const [query] = bigNumberTrendPlugin.buildQuery(formData).queries;
    expect(query?.columns).toEqual([
      { sqlExpression: 'ds', label: 'ds', expressionType: 'SQL', columnType: 'BASE_AXIS', timeGrain: 'P1D' },
    ]);
    expect(query?.post_processing?.map((step) => step?.operation)).toEqual(['pivot', 'flatten']);
  });
  it('shows the latest value, the change against the lagged value and a trendline', () => {
    const data = [
      { ds: Date.UTC(2020, 0, 2), count: 150 },
      { ds: Date.UTC(2020, 0, 1), count: 100 },
    ];
    const props = bigNumberTrendPlugin.transformProps(
      chartPropsFor(formData, [{ colnames: ['ds', 'count'], coltypes: [2, 0], data }]),
    ) as BigNumberProps;
    expect(props).toMatchObject({ bigNumber: '150', caption: '+50.0% WoW', trend: 'up' });
    expect(seriesOf(props.trendline ?? {})[0]).toMatchObject({
      type: 'line',
      data: [
        [Date.UTC(2020, 0, 1), 100],
        [Date.UTC(2020, 0, 2), 150],
      ],
    });
  });
  it('falls back to the last non-null value and says when it was seen', () => {
    const data = [
      { ds: Date.UTC(2020, 0, 1), count: 100 },
      { ds: Date.UTC(2020, 0, 2), count: null },
    ];
    const props = bigNumberTrendPlugin.transformProps(
      chartPropsFor({ ...formData, compare_lag: 0, time_format: '%Y-%m-%d' }, [
        { colnames: ['ds', 'count'], data },
      ]),
    ) as BigNumberProps;
    expect(props.bigNumber).toBe('100');
    expect(props.caption).toBe('Last available value seen on 2020-01-01');
  });
});

describe('fitFontSize', () => {
  it('keeps the height-based size when the figure fits the width', () => {
    expect(fitFontSize('74.8k', 800, 120)).toBe(120);
  });
  it('shrinks a figure that would overflow a narrow chart', () => {
    const size = fitFontSize('74.8k', 180, 200);
    expect(size).toBeLessThan(200);
    expect(size * 0.6 * 5).toBeLessThanOrEqual(180);
  });
  it('never goes below the minimum', () => {
    expect(fitFontSize('1,234,567,890', 20, 200)).toBe(12);
  });
});
