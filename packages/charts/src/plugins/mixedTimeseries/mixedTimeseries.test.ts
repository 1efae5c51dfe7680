import { describe, expect, it } from 'vitest';
import { chartPropsFor, seriesOf } from '../common/testing';
import { getCategoricalColors } from '../../format/colorSchemes';
import { queryBFormData } from './formData';
import { mixedTimeseriesPlugin } from '.';

const formData = {
  datasource: '1__table',
  viz_type: 'mixed_timeseries',
  x_axis: 'ds',
  time_grain_sqla: 'P1Y',
  metrics: ['count'],
  groupby: [],
  metrics_b: ['sum__num'],
  groupby_b: ['gender'],
  adhoc_filters_b: [
    { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'state', operator: '==', comparator: 'CA' },
  ],
  seriesType: 'line',
  seriesTypeB: 'bar',
  yAxisIndexB: 1,
};

describe('mixed_timeseries', () => {
  it('builds query A from plain keys and query B from _b keys', () => {
    const { queries } = mixedTimeseriesPlugin.buildQuery(formData);
    expect(queries).toHaveLength(2);
    expect(queries[0]).toMatchObject({ metrics: ['count'], filters: [] });
    expect(queries[1]).toMatchObject({
      metrics: ['sum__num'],
      series_columns: ['gender'],
      filters: [{ col: 'state', op: '==', val: 'CA' }],
    });
    expect(queryBFormData(formData)).not.toHaveProperty('metrics_b');
  });
  it('draws query B on the secondary axis with its own series type', () => {
    const props = mixedTimeseriesPlugin.transformProps(
      chartPropsFor(formData, [
        { colnames: ['ds', 'count'], coltypes: [2, 0], data: [{ ds: 0, count: 1 }] },
        { colnames: ['ds', 'boy', 'girl'], coltypes: [2, 0, 0], data: [{ ds: 0, boy: 2, girl: 3 }] },
      ]),
    ) as { option: { yAxis?: unknown } };
    const series = seriesOf(props.option);
    expect(series.map((s) => [s.name, s.type, s.yAxisIndex])).toEqual([
      ['count', 'line', 0],
      ['boy', 'bar', 1],
      ['girl', 'bar', 1],
    ]);
    expect(Array.isArray(props.option.yAxis) && props.option.yAxis.length).toBe(2);
  });
  it('gives every series of both queries its own colour, in scheme order across A then B', () => {
    const props = mixedTimeseriesPlugin.transformProps(
      chartPropsFor({ ...formData, metrics_b: ['count'], groupby_b: [] }, [
        { colnames: ['ds', 'count', 'sum'], coltypes: [2, 0, 0], data: [{ ds: 0, count: 1, sum: 4 }] },
        { colnames: ['ds', 'count'], coltypes: [2, 0], data: [{ ds: 0, count: 2 }] },
      ]),
    ) as { option: object };
    const colours = seriesOf(props.option).map((s) => (s.itemStyle as { color?: string }).color);
    expect(colours).toEqual(getCategoricalColors('supersetColors').slice(0, 3));
  });
});

describe('mixed_timeseries marker controls', () => {
  const controls = mixedTimeseriesPlugin.controlPanel.sections.flatMap((section) =>
    section.controlSetRows.flat(),
  );
  /** The names of the given controls Explore shows for this form data. */
  const shown = (names: string[], data: Record<string, unknown>) =>
    controls
      .filter((control) => names.includes(control.name))
      .filter((control) => control.visibility?.({ ...formData, ...data }) ?? true)
      .map((control) => control.name);
  const queryA = ['markerEnabled', 'markerSize'];
  const queryB = ['markerEnabledB', 'markerSizeB'];

  it('offers no marker controls for a query drawn as bars, where echarts draws no markers', () => {
    expect(shown(queryA, { seriesType: 'bar' })).toEqual([]);
    expect(shown(queryB, { seriesTypeB: 'bar' })).toEqual([]);
    // Each query follows its own series type.
    expect(shown([...queryA, ...queryB], { seriesType: 'bar', seriesTypeB: 'line' })).toEqual(queryB);
  });
  it('keeps them where they work: lines toggle and size markers, scatter points only size', () => {
    for (const type of ['line', 'smooth', 'start', 'middle', 'end', undefined]) {
      expect(shown(queryA, { seriesType: type }), String(type)).toEqual(queryA);
      expect(shown(queryB, { seriesTypeB: type }), String(type)).toEqual(queryB);
    }
    expect(shown(queryA, { seriesType: 'scatter' })).toEqual(['markerSize']);
    expect(shown(queryB, { seriesTypeB: 'scatter' })).toEqual(['markerSizeB']);
  });
  it('sizes the markers of each query with its own Marker Size', () => {
    const props = mixedTimeseriesPlugin.transformProps(
      chartPropsFor({ ...formData, seriesTypeB: 'scatter', markerSize: 3, markerSizeB: 9 }, [
        { colnames: ['ds', 'count'], coltypes: [2, 0], data: [{ ds: 0, count: 1 }] },
        { colnames: ['ds', 'boy'], coltypes: [2, 0], data: [{ ds: 0, boy: 2 }] },
      ]),
    ) as { option: object };
    expect(seriesOf(props.option).map((s) => [s.type, s.symbolSize])).toEqual([
      ['line', 3],
      ['scatter', 9],
    ]);
  });
});
