import { utcFormat } from 'd3-time-format';

/**
 * Time formatters by format id: 'smart_date' (the coarsest unit that shows what changes) and any
 * d3-time-format specifier, all in UTC as the server returns naive timestamps as UTC epoch milliseconds.
 */

export type TimeFormatter = (value: unknown) => string;

export const SMART_DATE = 'smart_date';

export const TIME_FORMAT_OPTIONS: readonly (readonly [string, string])[] = [
  [SMART_DATE, 'Adaptive formatting'],
  ['%d/%m/%Y', '%d/%m/%Y | 14/01/2019'],
  ['%m/%d/%Y', '%m/%d/%Y | 01/14/2019'],
  ['%Y-%m-%d', '%Y-%m-%d | 2019-01-14'],
  ['%Y-%m-%d %H:%M:%S', '%Y-%m-%d %H:%M:%S | 2019-01-14 01:32:10'],
  ['%d-%m-%Y %H:%M:%S', '%d-%m-%Y %H:%M:%S | 14-01-2019 01:32:10'],
  ['%H:%M:%S', '%H:%M:%S | 01:32:10'],
];

/** Epoch ms, ISO strings and Date objects → Date; anything else → null. */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value);
  if (typeof value === 'string' && value !== '') {
    const normalized = /^\d{4}-\d{2}-\d{2} \d/.test(value) ? value.replace(' ', 'T') : value;
    const withZone = /T[\d:.]+$/.test(normalized) ? `${normalized}Z` : normalized;
    const date = new Date(withZone);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

const formatYear = utcFormat('%Y');
const formatMonth = utcFormat('%b');
const formatDay = utcFormat('%b %d');
const formatHour = utcFormat('%H:%M');
const formatSecond = utcFormat('%H:%M:%S');
const formatMillisecond = utcFormat('%H:%M:%S.%L');

function smartDate(date: Date): string {
  if (date.getUTCMilliseconds() !== 0) return formatMillisecond(date);
  if (date.getUTCSeconds() !== 0) return formatSecond(date);
  if (date.getUTCHours() !== 0 || date.getUTCMinutes() !== 0) return formatHour(date);
  if (date.getUTCDate() !== 1) return formatDay(date);
  if (date.getUTCMonth() !== 0) return formatMonth(date);
  return formatYear(date);
}

const cache = new Map<string, TimeFormatter>();

export function getTimeFormatter(formatId?: string | null): TimeFormatter {
  const key = formatId && formatId !== '' ? formatId : SMART_DATE;
  const cached = cache.get(key);
  if (cached) return cached;
  const format = key === SMART_DATE ? smartDate : utcFormat(key);
  const formatter: TimeFormatter = (value) => {
    const date = toDate(value);
    if (date !== null) return format(date);
    return typeof value === 'string'
      ? value
      : value === null || value === undefined
        ? ''
        : JSON.stringify(value);
  };
  cache.set(key, formatter);
  return formatter;
}

export function formatTime(formatId: string | null | undefined, value: unknown): string {
  return getTimeFormatter(formatId)(value);
}

/**
 * The d3-time-format specifier that shows a value at its time grain's precision: years as 2001,
 * quarters and months as 2001-01, days and weeks as 2001-01-01, hours and minutes with the time,
 * seconds with seconds. An unknown or absent grain answers null (the value decides, see below).
 */
export function grainTimeFormat(timeGrain?: string | null): string | null {
  // Week grains may carry an anchor ('1969-12-28T00:00:00Z/P1W'): the duration is the part with a P.
  const duration = (timeGrain ?? '').split('/').find((part) => part.startsWith('P'));
  if (duration === undefined) return null;
  const time = /T(\d+)([HMS])$/.exec(duration);
  if (time) return time[2] === 'S' ? '%Y-%m-%d %H:%M:%S' : '%Y-%m-%d %H:%M';
  const date = /^P(\d+)([YMWD])$/.exec(duration);
  if (!date) return null;
  if (date[2] === 'Y') return '%Y';
  if (date[2] === 'M') return '%Y-%m';
  return '%Y-%m-%d';
}

const formatFullDate = utcFormat('%Y-%m-%d');
const formatDateMinute = utcFormat('%Y-%m-%d %H:%M');
const formatDateSecond = utcFormat('%Y-%m-%d %H:%M:%S');
const formatDateMillisecond = utcFormat('%Y-%m-%d %H:%M:%S.%L');

/** A whole timestamp with no grain to go by: the date, plus the time only when it is not midnight. */
function fullDate(date: Date): string {
  if (date.getUTCMilliseconds() !== 0) return formatDateMillisecond(date);
  if (date.getUTCSeconds() !== 0) return formatDateSecond(date);
  if (date.getUTCHours() !== 0 || date.getUTCMinutes() !== 0) return formatDateMinute(date);
  return formatFullDate(date);
}

const fullDateFormatter: TimeFormatter = (value) => {
  const date = toDate(value);
  return date === null ? getTimeFormatter(SMART_DATE)(value) : fullDate(date);
};

/**
 * Formatter for one value standing alone (a tooltip title, a results cell), where smart_date's
 * tick-style 'Feb' would be ambiguous: a chosen format wins; smart_date (the default) shows the
 * value at its time grain's precision, or the whole date (and time when there is one) without a grain.
 */
export function getGrainTimeFormatter(formatId?: string | null, timeGrain?: string | null): TimeFormatter {
  if (formatId && formatId !== '' && formatId !== SMART_DATE) return getTimeFormatter(formatId);
  const grainFormat = grainTimeFormat(timeGrain);
  return grainFormat === null ? fullDateFormatter : getTimeFormatter(grainFormat);
}
