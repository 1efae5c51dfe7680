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
