import type { TimeseriesSeriesType } from '../timeseries/transformProps';

const SERIES_TYPES: readonly TimeseriesSeriesType[] = [
  'line',
  'bar',
  'scatter',
  'smooth',
  'start',
  'middle',
  'end',
];

/** The series type a query is drawn as; anything unknown (or unset) draws the control's default, a line. */
export const seriesTypeOf = (value: unknown): TimeseriesSeriesType =>
  SERIES_TYPES.find((type) => type === value) ?? 'line';

/** Every type but bars draws a symbol per point, so Marker Size changes something. */
export const drawsMarkers = (type: TimeseriesSeriesType): boolean => type !== 'bar';

/** Lines (smooth and stepped too) show or hide their point markers; scatter points are always drawn. */
export const togglesMarkers = (type: TimeseriesSeriesType): boolean => type !== 'bar' && type !== 'scatter';
