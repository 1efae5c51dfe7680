import { NO_TIME_RANGE } from '@tessera/contracts';
import { addUnits, requireTimeUnit, truncateToUnit, type TimeUnit } from './calendar';
import { DATETIME_EXPRESSION, evaluateDatetimeExpression } from './datetime-expression';
import { parseHumanDatetime } from './human-datetime';
import { TimeRangeError } from './time-range-error';

export interface TimeRangeOptions {
  /** What relative starts count from (`extras.relative_start`): 'today' (default) or 'now'. */
  relativeStart?: string;
  /** What relative ends count from (`extras.relative_end`): 'today' (default) or 'now'. */
  relativeEnd?: string;
}

/** A resolved range: rows with `since <= t < until`; null is open. */
export interface TimeRangeBounds {
  since: Date | null;
  until: Date | null;
}

/** ' : ' between the sides; either side may be empty ('2020-01-01 :'), ISO times keep their own colons. */
const SIDES = /^(.*?)(?:^|\s+):(?:\s+|$)(.*)$/s;
const CALENDAR_UNITS = ['day', 'week', 'month', 'quarter', 'year'] as const;

const LAST_UNIT = /^last\s+(day|week|month|quarter|year)$/i;
const LAST_N = /^last\s+(\d+)\s+([a-z]+)$/i;
const NEXT_N = /^next\s+(\d+)\s+([a-z]+)$/i;
const PREVIOUS_CALENDAR = /^previous\s+calendar\s+(week|month|quarter|year)$/i;
const CURRENT = /^current\s+(day|week|month|quarter|year)$/i;

function calendarUnit(text: string): (typeof CALENDAR_UNITS)[number] {
  const unit = requireTimeUnit(text, CALENDAR_UNITS);
  return unit as (typeof CALENDAR_UNITS)[number];
}

/** One side of `since : until`. */
function parseBound(part: string, now: Date, relativeTo: string): Date | null {
  const text = part.trim();
  if (text === '' || text.toLowerCase() === NO_TIME_RANGE.toLowerCase()) return null;
  const last = LAST_UNIT.exec(text);
  if (last) return addUnits(parseHumanDatetime(relativeTo, now), -1, calendarUnit(last[1] ?? ''));
  const lastN = LAST_N.exec(text);
  if (lastN) {
    return addUnits(parseHumanDatetime(relativeTo, now), -Number(lastN[1]), requireTimeUnit(lastN[2] ?? ''));
  }
  const nextN = NEXT_N.exec(text);
  if (nextN) {
    return addUnits(parseHumanDatetime(relativeTo, now), Number(nextN[1]), requireTimeUnit(nextN[2] ?? ''));
  }
  if (/^HOLIDAY\s*\(/i.test(text)) throw new TimeRangeError('HOLIDAY() time expressions are not supported');
  if (DATETIME_EXPRESSION.test(text)) return evaluateDatetimeExpression(text, now);
  return parseHumanDatetime(text, now);
}

/** `[start of the unit holding today + offset, + 1 unit)` */
function calendarPeriod(unit: TimeUnit, offset: number, today: Date): TimeRangeBounds {
  const since = addUnits(truncateToUnit(today, unit), offset, unit);
  return { since, until: addUnits(since, 1, unit) };
}

/**
 * Resolves a Superset time range (spec 001 §9, reference §5.2) against `now`, in UTC:
 * 'No filter'; 'Last day|week|month|quarter|year' (= [today − 1 unit, today)); 'previous calendar
 * week|month|quarter|year'; 'Current day|week|month|quarter|year'; 'Last N units' / 'Next N units'; and
 * 'since : until' where each side is empty, a human datetime (see parseHumanDatetime) or a
 * DATETIME/DATEADD/DATETRUNC/LASTDAY expression. Throws TimeRangeError on anything else or when since > until.
 */
export function parseTimeRange(
  timeRange: string | null | undefined,
  now: Date,
  options: TimeRangeOptions = {},
): TimeRangeBounds {
  const relativeStart = options.relativeStart ?? 'today';
  const relativeEnd = options.relativeEnd ?? 'today';
  const text = (timeRange ?? '').trim();
  if (text === '' || text.toLowerCase() === NO_TIME_RANGE.toLowerCase()) return { since: null, until: null };
  if (Number.isNaN(now.getTime())) throw new TimeRangeError('Invalid reference time');

  let range: TimeRangeBounds;
  const today = parseHumanDatetime('today', now);
  const previous = PREVIOUS_CALENDAR.exec(text);
  const current = CURRENT.exec(text);
  if (previous) {
    range = calendarPeriod(calendarUnit(previous[1] ?? ''), -1, today);
  } else if (current) {
    range = calendarPeriod(calendarUnit(current[1] ?? ''), 0, today);
  } else if (!SIDES.test(text)) {
    if (/^last\s/i.test(text)) {
      range = {
        since: parseBound(text, now, relativeStart),
        until: parseBound(relativeEnd, now, relativeEnd),
      };
    } else if (/^next\s/i.test(text)) {
      range = {
        since: parseBound(relativeStart, now, relativeStart),
        until: parseBound(text, now, relativeEnd),
      };
    } else {
      throw new TimeRangeError(
        `Invalid time range "${text}": use "No filter", "Last week", "previous calendar month", ` +
          `"Current year" or "<since> : <until>"`,
      );
    }
  } else {
    const [, sinceText = '', untilText = ''] = SIDES.exec(text) ?? [];
    range = {
      since: parseBound(sinceText, now, relativeStart),
      until: parseBound(untilText, now, relativeEnd),
    };
  }
  if (range.since && range.until && range.since.getTime() > range.until.getTime()) {
    throw new TimeRangeError('From date cannot be larger than to date');
  }
  return range;
}
