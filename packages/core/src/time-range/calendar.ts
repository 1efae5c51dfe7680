import { TimeRangeError } from './time-range-error';

/**
 * UTC calendar arithmetic. Adding months clamps to the end of the month (Jan 31 + 1 month = Feb 28/29),
 * the way Superset's `relativedelta` based DATEADD does; weeks start on Monday like DATETRUNC(…, WEEK).
 */
export const TIME_UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

const MS_PER: Record<'second' | 'minute' | 'hour' | 'day' | 'week', number> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};

/** Accepts `day`, `Days`, `DAY` … and returns the canonical unit, or undefined. */
export function toTimeUnit(text: string): TimeUnit | undefined {
  const singular = text.toLowerCase().replace(/s$/, '');
  return (TIME_UNITS as readonly string[]).includes(singular) ? (singular as TimeUnit) : undefined;
}

export function requireTimeUnit(text: string, allowed: readonly TimeUnit[] = TIME_UNITS): TimeUnit {
  const unit = toTimeUnit(text);
  if (unit === undefined || !allowed.includes(unit)) {
    throw new TimeRangeError(`Invalid time unit "${text}": use one of ${allowed.join(', ')}`);
  }
  return unit;
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

function addMonths(date: Date, months: number): Date {
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  const result = new Date(date.getTime());
  result.setUTCFullYear(year, month, day);
  return result;
}

/** `date + amount units`; amount may be negative. */
export function addUnits(date: Date, amount: number, unit: TimeUnit): Date {
  switch (unit) {
    case 'month':
      return addMonths(date, amount);
    case 'quarter':
      return addMonths(date, amount * 3);
    case 'year':
      return addMonths(date, amount * 12);
    default:
      return new Date(date.getTime() + amount * MS_PER[unit]);
  }
}

/** Midnight UTC of the day holding `date`. */
export function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** Monday = 0 … Sunday = 6, like Python's `weekday()`. */
export function isoWeekday(date: Date): number {
  return (date.getUTCDay() + 6) % 7;
}

/** The start of the `unit` holding `date` (DATETRUNC). */
export function truncateToUnit(date: Date, unit: TimeUnit): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  switch (unit) {
    case 'year':
      return new Date(Date.UTC(y, 0, 1));
    case 'quarter':
      return new Date(Date.UTC(y, m - (m % 3), 1));
    case 'month':
      return new Date(Date.UTC(y, m, 1));
    case 'week':
      return addUnits(startOfDay(date), -isoWeekday(date), 'day');
    case 'day':
      return startOfDay(date);
    default: {
      const step = MS_PER[unit];
      return new Date(Math.floor(date.getTime() / step) * step);
    }
  }
}

/** Midnight of the last day of the `unit` holding `date` (LASTDAY); weeks end on Sunday. */
export function lastDayOf(date: Date, unit: 'year' | 'quarter' | 'month' | 'week'): Date {
  return addUnits(addUnits(truncateToUnit(date, unit), 1, unit), -1, 'day');
}
