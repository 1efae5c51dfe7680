import { ChartDataError } from './chart-data-error';

/**
 * Resolves a time range string to [since, until). Interim: the full grammar (`parseTimeRange`)
 * arrives in packages/core from the `postproc` branch with the same signature; this one knows
 * 'No filter', 'Last day|week|month|quarter|year', 'Current day|week|month|quarter|year' and
 * 'since : until' whose sides are ISO dates, 'now', 'today', 'N <unit>s ago|later' or empty.
 */
export interface TimeBounds {
  since: Date | null;
  until: Date | null;
}

export type TimeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

const startOfUtcDay = (date: Date): Date =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/** `date` moved by `amount` units (negative goes back); months clamp like date arithmetic does. */
export function shiftDate(date: Date, amount: number, unit: TimeUnit): Date {
  const result = new Date(date.getTime());
  switch (unit) {
    case 'second':
      result.setUTCSeconds(result.getUTCSeconds() + amount);
      break;
    case 'minute':
      result.setUTCMinutes(result.getUTCMinutes() + amount);
      break;
    case 'hour':
      result.setUTCHours(result.getUTCHours() + amount);
      break;
    case 'day':
      result.setUTCDate(result.getUTCDate() + amount);
      break;
    case 'week':
      result.setUTCDate(result.getUTCDate() + 7 * amount);
      break;
    case 'month':
    case 'quarter':
    case 'year': {
      const months = amount * (unit === 'month' ? 1 : unit === 'quarter' ? 3 : 12);
      const day = result.getUTCDate();
      result.setUTCDate(1);
      result.setUTCMonth(result.getUTCMonth() + months);
      const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
      result.setUTCDate(Math.min(day, lastDay));
      break;
    }
  }
  return result;
}

const RELATIVE =
  /^(\d{1,6})\s+(second|minute|hour|day|week|month|quarter|year)s?\s+(ago|later|before|after)$/i;

/** `N <unit>s ago|later`, the form of time offsets and relative range ends. */
export function parseRelative(text: string): { amount: number; unit: TimeUnit } | null {
  const match = RELATIVE.exec(text.trim());
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const unit = match[2].toLowerCase() as TimeUnit;
  const sign = /^(ago|before)$/i.test(match[3]) ? -1 : 1;
  return { amount: sign * Number(match[1]), unit };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

function parseEnd(raw: string, now: Date): Date | null {
  const text = raw.trim();
  if (text === '') return null;
  const lower = text.toLowerCase();
  if (lower === 'now') return now;
  if (lower === 'today') return startOfUtcDay(now);
  const relative = parseRelative(text);
  if (relative) return shiftDate(startOfUtcDay(now), relative.amount, relative.unit);
  if (ISO_DATE.test(text)) {
    const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text.replace(' ', 'T')}Z`;
    const parsed = new Date(zoned);
    if (!Number.isNaN(parsed.getTime())) return parsed;
  }
  throw ChartDataError.message(400, `Error parsing time range: ${raw}`);
}

function startOf(now: Date, unit: TimeUnit): Date {
  const day = startOfUtcDay(now);
  switch (unit) {
    case 'week':
      return shiftDate(day, -((day.getUTCDay() + 6) % 7), 'day');
    case 'month':
      return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
    case 'quarter':
      return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() - (day.getUTCMonth() % 3), 1));
    case 'year':
      return new Date(Date.UTC(day.getUTCFullYear(), 0, 1));
    default:
      return day;
  }
}

export function parseTimeRange(timeRange: string | null | undefined, now: Date): TimeBounds {
  const text = (timeRange ?? '').trim();
  if (text === '' || text.toLowerCase() === 'no filter') return { since: null, until: null };
  const last = /^last\s+(day|week|month|quarter|year)$/i.exec(text);
  if (last?.[1]) {
    const unit = last[1].toLowerCase() as TimeUnit;
    const until = startOfUtcDay(now);
    return { since: shiftDate(until, -1, unit), until };
  }
  const current = /^current\s+(day|week|month|quarter|year)$/i.exec(text);
  if (current?.[1]) {
    const unit = current[1].toLowerCase() as TimeUnit;
    const since = startOf(now, unit);
    return { since, until: shiftDate(since, 1, unit) };
  }
  const separator = text.indexOf(' : ');
  if (separator < 0) throw ChartDataError.message(400, `Error parsing time range: ${text}`);
  const since = parseEnd(text.slice(0, separator), now);
  const until = parseEnd(text.slice(separator + 3), now);
  if (since && until && since.getTime() > until.getTime())
    throw ChartDataError.message(400, 'From date cannot be larger than to date');
  return { since, until };
}
