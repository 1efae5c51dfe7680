import { describe, expect, it } from 'vitest';
import { chartPropsFor, seriesOf } from '../../common/testing';
import { lineChartPlugin } from '..';
import { parseFormula } from './formula';

const y2000 = Date.UTC(2000, 0, 1);
const y2001 = Date.UTC(2001, 0, 1);
const y2002 = Date.UTC(2002, 0, 1);

const formData = {
  datasource: '1__table',
  viz_type: 'echarts_timeseries_line',
  x_axis: 'ds',
  time_grain_sqla: 'P1Y',
  metrics: ['count'],
  annotation_layers: [
    {
      name: 'Trend',
      annotationType: 'FORMULA',
      value: '2 * x + 1',
      show: true,
      style: 'dashed',
      width: 2,
      color: '#ff0000',
    },
    {
      name: 'Releases',
      annotationType: 'EVENT',
      sourceType: 'NATIVE',
      value: 7,
      show: true,
      style: 'solid',
      width: 1,
    },
    {
      name: 'Outages',
      annotationType: 'INTERVAL',
      sourceType: 'NATIVE',
      value: 8,
      show: true,
      style: 'solid',
      width: 1,
    },
    { name: 'Hidden', annotationType: 'FORMULA', value: 'x', show: false, style: 'solid', width: 1 },
  ],
};
const queriesData = [
  {
    colnames: ['ds', 'count'],
    coltypes: [2, 0],
    data: [
      { ds: y2001, count: 5 },
      { ds: y2000, count: 3 },
      { ds: y2002, count: 4 },
    ],
  },
];
const records = (spans: [number, number, string][]) => ({
  columns: ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'],
  records: spans.map(([start, end, title]) => ({
    start_dttm: start,
    end_dttm: end,
    short_descr: title,
    long_descr: null,
    json_metadata: null,
  })),
});

describe('time-series annotation layers', () => {
  it('draws a formula as a line, events as mark lines and intervals as mark areas', () => {
    const props = lineChartPlugin.transformProps(
      chartPropsFor(formData, queriesData, {
        annotationData: {
          Releases: records([[y2001, y2001, 'v1']]),
          Outages: records([[y2000, y2001, 'Down']]),
        },
      }),
    );
    const series = seriesOf('option' in props ? (props.option as object) : {});
    expect(series.map((item) => item.name)).toEqual(['count', 'Trend', 'Releases', 'Outages']);
    const [, trend, releases, outages] = series;
    expect(trend?.data).toEqual([
      [y2000, 2 * y2000 + 1],
      [y2001, 2 * y2001 + 1],
      [y2002, 2 * y2002 + 1],
    ]);
    expect(trend?.lineStyle).toEqual({ color: '#ff0000', width: 2, type: 'dashed' });
    expect(releases?.markLine).toMatchObject({ data: [{ name: 'v1', xAxis: y2001 }] });
    expect(outages?.markArea).toMatchObject({ data: [[{ name: 'Down', xAxis: y2000 }, { xAxis: y2001 }]] });
  });

  it('draws nothing for a layer whose data has not arrived or whose formula does not parse', () => {
    const broken = {
      ...formData,
      annotation_layers: [
        { name: 'Bad', annotationType: 'FORMULA', value: 'x +* 2', show: true },
        { name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE', value: 7, show: true },
      ],
    };
    const props = lineChartPlugin.transformProps(chartPropsFor(broken, queriesData));
    const series = seriesOf('option' in props ? (props.option as object) : {});
    expect(series.map((item) => item.name)).toEqual(['count', 'Releases']);
    expect(series[1]?.markLine).toMatchObject({ data: [] });
  });

  it('sends the layers in the query object, as Superset does', () => {
    const [query] = lineChartPlugin.buildQuery(formData).queries;
    expect(query?.annotation_layers).toEqual(formData.annotation_layers);
  });
});

describe('parseFormula', () => {
  it('follows precedence, powers, unary minus and functions', () => {
    expect(parseFormula('1 + 2 * x ^ 2')(3)).toBe(19);
    expect(parseFormula('-x ** 2')(3)).toBe(-9);
    expect(parseFormula('(x - 1) / 2')(5)).toBe(2);
    expect(parseFormula('sqrt(abs(x))')(-16)).toBe(4);
    expect(parseFormula('1.5e2')(0)).toBe(150);
  });

  it('refuses anything that is not a formula in x', () => {
    for (const text of ['', 'y + 1', 'x +', '(x', 'alert(1)', 'x; 1', 'constructor(x)']) {
      expect(() => parseFormula(text), text).toThrow();
    }
  });
});
