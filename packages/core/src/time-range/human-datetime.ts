import { addUnits, requireTimeUnit, startOfDay, type TimeUnit } from './calendar';
import { TimeRangeError } from './time-range-error';

/**
 * One side of a time range in words, as Superset's `parse_human_datetime` reads it: `now`, `today`,
 * `yesterday`, `tomorrow`, an ISO date or datetime (UTC unless it carries an offset), `N units ago`,
 * `N units later` and `N units before|after <datetime>`. Counting in days or longer starts from midnight
 * (`2 days ago` is a date); seconds, minutes and hours count from now.
 */
const ISO_DATETIME =
  /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})?)?)?)?$/i;
const RELATIVE = /^(\d+)\s+([a-z]+?)s?\s+(ago|later|from now)$/i;
const ANCHORED = /^(\d+)\s+([a-z]+?)s?\s+(before|after)\s+(.+)$/i;
const AMBIGUOUS = /^(\d+)\s+(second|minute|hour|day|week|month|quarter|year)s?$/i;
const DATE_UNITS: readonly TimeUnit[] = ['day', 'week', 'month', 'quarter', 'year'];

function parseIso(text: string): Date | undefined {
  const match = ISO_DATETIME.exec(text);
  if (!match) return undefined;
  const [, y, mo = '1', d = '1', h = '0', mi = '0', s = '0', frac = '', zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  const utc = new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
  utc.setUTCFullYear(year);
  const valid =
    utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
  if (!valid) throw new TimeRangeError(`Invalid date "${text}"`);
  if (!zone || zone.toUpperCase() === 'Z') return utc;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return new Date(utc.getTime() - sign * offsetMinutes * 60_000);
}

export function parseHumanDatetime(input: string, now: Date): Date {
  const text = input.trim();
  const lower = text.toLowerCase();
  const today = startOfDay(now);
  if (lower === 'now') return new Date(now.getTime());
  if (lower === 'today') return today;
  if (lower === 'yesterday') return addUnits(today, -1, 'day');
  if (lower === 'tomorrow') return addUnits(today, 1, 'day');

  const iso = parseIso(text);
  if (iso) return iso;

  if (AMBIGUOUS.test(text)) {
    throw new TimeRangeError(`Time string is ambiguous. Please specify [${text} ago] or [${text} later].`);
  }
  const relative = RELATIVE.exec(text);
  if (relative) {
    const [, count = '0', unitText = '', direction = ''] = relative;
    const unit = requireTimeUnit(unitText);
    const origin = DATE_UNITS.includes(unit) ? today : now;
    const sign = direction.toLowerCase() === 'ago' ? -1 : 1;
    return addUnits(origin, sign * Number(count), unit);
  }
  const anchored = ANCHORED.exec(text);
  if (anchored) {
    const [, count = '0', unitText = '', direction = '', rest = ''] = anchored;
    const unit = requireTimeUnit(unitText);
    const sign = direction.toLowerCase() === 'before' ? -1 : 1;
    return addUnits(parseHumanDatetime(rest, now), sign * Number(count), unit);
  }
  throw new TimeRangeError(`Cannot parse time string [${text}]`);
}
