import { format as d3Format } from 'd3-format';

/**
 * Number formatters by format id: Superset's named formats (SMART_NUMBER, DURATION, MEMORY_…) and any
 * d3-format specifier. Unknown or invalid specifiers fall back to the adaptive SMART_NUMBER format.
 */

export type NumberFormatter = (value: number | null | undefined) => string;

export const SMART_NUMBER = 'SMART_NUMBER';
export const SMART_NUMBER_SIGNED = 'SMART_NUMBER_SIGNED';
export const DURATION = 'DURATION';
export const DURATION_SUB = 'DURATION_SUB';
export const DURATION_COL = 'DURATION_COL';
export const MEMORY_DECIMAL = 'MEMORY_DECIMAL';
export const MEMORY_BINARY = 'MEMORY_BINARY';

/** The choices number-format controls offer (`[format id, label]`). */
export const NUMBER_FORMAT_OPTIONS: readonly (readonly [string, string])[] = [
  [SMART_NUMBER, 'Adaptive formatting'],
  ['~g', 'Original value'],
  [',d', ',d (12345.432 => 12,345)'],
  ['.1s', '.1s (12345.432 => 10k)'],
  ['.3s', '.3s (12345.432 => 12.3k)'],
  [',.1%', ',.1% (12345.432 => 1,234,543.2%)'],
  ['.2%', '.2% (12345.432 => 1234543.20%)'],
  ['.3%', '.3% (12345.432 => 1234543.200%)'],
  ['.4r', '.4r (12345.432 => 12350)'],
  [',.3f', ',.3f (12345.432 => 12,345.432)'],
  ['+,', '+, (12345.432 => +12,345.432)'],
  ['$,.2f', '$,.2f (12345.432 => $12,345.43)'],
  [DURATION, 'Duration in ms (66000 => 1m 6s)'],
  [DURATION_SUB, 'Duration in ms (1.40008 => 1ms 400µs 80ns)'],
  [DURATION_COL, 'Duration in ms (10500 => 0:10.5)'],
  [MEMORY_DECIMAL, 'Memory in bytes - decimal (1024B => 1.024kB)'],
  [MEMORY_BINARY, 'Memory in bytes - binary (1024B => 1KiB)'],
];

const siFormat = d3Format('.3~s');
const floatFormat = d3Format(',.3~f');
const smallFormat = d3Format(',.4~f');

function smartNumber(value: number): string {
  if (value === 0) return '0';
  const absolute = Math.abs(value);
  if (absolute >= 1000) return siFormat(value).replace('G', 'B');
  if (absolute >= 1) return floatFormat(value);
  if (absolute >= 0.001) return smallFormat(value);
  return siFormat(value);
}

const WHOLE_UNITS: readonly (readonly [string, number])[] = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
];

/** ms → '1h 2m 3s' (seconds keep one decimal); below a second '250ms'; with `subMilliseconds` '1ms 400µs 80ns'. */
function duration(value: number, subMilliseconds: boolean): string {
  const sign = value < 0 ? '-' : '';
  let rest = Math.abs(value);
  if (rest < 1000 && !subMilliseconds) return `${sign}${String(Math.round(rest))}ms`;
  const parts: string[] = [];
  for (const [unit, size] of WHOLE_UNITS) {
    const amount = Math.floor(rest / size);
    if (amount > 0) parts.push(`${String(amount)}${unit}`);
    rest -= amount * size;
  }
  if (subMilliseconds) {
    const seconds = Math.floor(rest / 1000);
    rest -= seconds * 1000;
    const millis = Math.floor(rest);
    const micros = Math.floor((rest - millis) * 1000);
    const nanos = Math.round(((rest - millis) * 1000 - micros) * 1000);
    if (seconds > 0) parts.push(`${String(seconds)}s`);
    if (millis > 0) parts.push(`${String(millis)}ms`);
    if (micros > 0) parts.push(`${String(micros)}µs`);
    if (nanos > 0) parts.push(`${String(nanos)}ns`);
  } else {
    const seconds = Math.round(rest / 100) / 10;
    if (seconds > 0) parts.push(`${String(seconds)}s`);
  }
  return parts.length === 0 ? '0ms' : sign + parts.join(' ');
}

/** ms → 'h:mm:ss.f' colon notation. */
function durationColon(value: number): string {
  const sign = value < 0 ? '-' : '';
  const total = Math.abs(value) / 1000;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const secondsText = Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1).replace(/\.0$/, '');
  const padded = seconds < 10 ? `0${secondsText}` : secondsText;
  return hours > 0
    ? `${sign}${hours}:${String(minutes).padStart(2, '0')}:${padded}`
    : `${sign}${minutes}:${padded}`;
}

const DECIMAL_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB'];
const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'];

/** bytes → '1.5MB' (steps of 1000) or '1.5MiB' (steps of 1024), up to 3 significant decimals. */
function memory(value: number, binary: boolean): string {
  const base = binary ? 1024 : 1000;
  const units = binary ? BINARY_UNITS : DECIMAL_UNITS;
  let amount = Math.abs(value);
  let unit = 0;
  while (amount >= base && unit < units.length - 1) {
    amount /= base;
    unit += 1;
  }
  const rounded = Math.round(amount * 1000) / 1000;
  return `${value < 0 ? '-' : ''}${String(rounded)}${units[unit] ?? 'B'}`;
}

function build(formatId: string): NumberFormatter {
  const wrap =
    (fn: (value: number) => string): NumberFormatter =>
    (value) =>
      value === null || value === undefined || Number.isNaN(value) ? 'N/A' : fn(value);
  switch (formatId) {
    case '':
    case SMART_NUMBER:
      return wrap(smartNumber);
    case SMART_NUMBER_SIGNED:
      return wrap((v) => (v > 0 ? `+${smartNumber(v)}` : smartNumber(v)));
    case DURATION:
      return wrap((v) => duration(v, false));
    case DURATION_SUB:
      return wrap((v) => duration(v, true));
    case DURATION_COL:
      return wrap(durationColon);
    case MEMORY_DECIMAL:
      return wrap((v) => memory(v, false));
    case MEMORY_BINARY:
      return wrap((v) => memory(v, true));
    default:
      try {
        return wrap(d3Format(formatId));
      } catch {
        return wrap(smartNumber);
      }
  }
}

const NAMED_FORMATS = new Set([
  SMART_NUMBER,
  SMART_NUMBER_SIGNED,
  DURATION,
  DURATION_SUB,
  DURATION_COL,
  MEMORY_DECIMAL,
  MEMORY_BINARY,
]);

/** A named format or a specifier d3-format accepts (anything else would silently render adaptively). */
export function isValidNumberFormat(formatId: string): boolean {
  if (NAMED_FORMATS.has(formatId)) return true;
  try {
    d3Format(formatId);
    return true;
  } catch {
    return false;
  }
}

const cache = new Map<string, NumberFormatter>();

export function getNumberFormatter(formatId?: string | null): NumberFormatter {
  const key = formatId ?? SMART_NUMBER;
  let formatter = cache.get(key);
  if (formatter === undefined) {
    formatter = build(key);
    cache.set(key, formatter);
  }
  return formatter;
}

export function formatNumber(formatId: string | null | undefined, value: number | null | undefined): string {
  return getNumberFormatter(formatId)(value);
}
