import { getColumnLabel, getGrainTimeFormatter, parseColumn, type TimeFormatter } from '@tessera/charts';
import type { ExploreFormData } from '@tessera/core';
import { displayValue } from '../display-value';

/** GENERIC_DATA_TYPES: temporal columns come back as epoch milliseconds (or ISO text). */
const TEMPORAL = 2;

/** A results or samples cell as text; `formatTime` is set for a temporal column. */
export type CellText = (value: unknown) => string;

const plainCell: CellText = (value) => (value === null || value === undefined ? 'N/A' : displayValue(value));

function timeCell(format: TimeFormatter): CellText {
  return (value) => (value === null || value === undefined ? 'N/A' : format(value));
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * How each result column reads: temporal columns as dates, the x-axis one at the chart's time grain
 * (2001, 2001-01, 2001-01-01, with the time for hours and minutes) in the chart's date format when it
 * chose one; other temporal columns (samples, raw table columns) as their whole date and time.
 */
export function cellTexts(
  colnames: readonly string[],
  coltypes: readonly number[],
  formData?: ExploreFormData,
): Map<string, CellText> {
  const xAxis = parseColumn(formData?.x_axis);
  const xAxisLabel = xAxis === undefined ? undefined : getColumnLabel(xAxis);
  const dateFormat = text(formData?.x_axis_time_format) ?? text(formData?.date_format);
  const grained = timeCell(getGrainTimeFormatter(dateFormat, text(formData?.time_grain_sqla)));
  const whole = timeCell(getGrainTimeFormatter(dateFormat, null));
  return new Map(
    colnames.map((name, index) => {
      if (coltypes[index] !== TEMPORAL) return [name, plainCell];
      const isXAxis = formData !== undefined && (name === xAxisLabel || name === '__timestamp');
      return [name, isXAxis ? grained : whole];
    }),
  );
}

export function cellTextOf(texts: ReadonlyMap<string, CellText>, name: string): CellText {
  return texts.get(name) ?? plainCell;
}
