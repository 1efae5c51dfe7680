import { describe, expect, it } from 'vitest';
import { chartPropsFor, seriesOf } from '../common/testing';
import { lineChartPlugin } from '.';
import { SORT_SERIES_TYPES, sortSeriesNames, sortSeriesTypeControl } from './sort-series';

const rows = [
  { ds: 1, b: 5, a: 1, c: null },
  { ds: 2, b: -4, a: 9, c: null },
  { ds: 3, b: 2, a: 3, c: null },
];
const names = ['b', 'a', 'c'];

describe('sort series', () => {
  it("offers the spec's values: name, sum, min, max, avg", () => {
    expect(SORT_SERIES_TYPES).toEqual(['name', 'sum', 'min', 'max', 'avg']);
    expect(sortSeriesTypeControl.choices?.map((choice) => choice.value)).toEqual([...SORT_SERIES_TYPES]);
  });

  it('orders by name, sum, min, max and mean, descending unless asked otherwise', () => {
    expect(sortSeriesNames(names, rows, 'name', true)).toEqual(['a', 'b', 'c']);
    expect(sortSeriesNames(names, rows, 'name', false)).toEqual(['c', 'b', 'a']);
    // sums b 3, a 13; c has no numbers and goes last
    expect(sortSeriesNames(names, rows, 'sum', false)).toEqual(['a', 'b', 'c']);
    expect(sortSeriesNames(names, rows, 'sum', true)).toEqual(['b', 'a', 'c']);
    // minima b -4, a 1; maxima b 5, a 9; means b 1, a 4.33
    expect(sortSeriesNames(names, rows, 'min', true)).toEqual(['b', 'a', 'c']);
    expect(sortSeriesNames(names, rows, 'max', false)).toEqual(['a', 'b', 'c']);
    expect(sortSeriesNames(names, rows, 'avg', true)).toEqual(['b', 'a', 'c']);
  });

  it("keeps the query's order when the chart names no sort", () => {
    expect(sortSeriesNames(names, rows, undefined, undefined)).toEqual(names);
  });

  it('draws the line chart series in the chosen order', () => {
    const queriesData = [{ data: rows, colnames: ['ds', 'b', 'a', 'c'], coltypes: [2, 0, 0, 0] }];
    const formData = {
      viz_type: 'echarts_timeseries_line',
      datasource: '1__table',
      x_axis: 'ds',
      metrics: ['m'],
    };
    const order = (extra: Record<string, unknown>) =>
      seriesOf(
        (
          lineChartPlugin.transformProps(chartPropsFor({ ...formData, ...extra }, queriesData)) as {
            option: object;
          }
        ).option,
      ).map((series) => series.name);
    expect(order({ sort_series_type: 'sum', sort_series_ascending: false })).toEqual(['a', 'b', 'c']);
    expect(order({ sort_series_type: 'name', sort_series_ascending: true })).toEqual(['a', 'b', 'c']);
    expect(order({ sort_series_type: 'min', sort_series_ascending: true })).toEqual(['b', 'a', 'c']);
  });
});
