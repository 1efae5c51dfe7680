import { addUnits, isoWeekday, startOfDay, truncateToUnit } from './calendar';
import { TimeRangeError } from './time-range-error';

const DAY_MS = 86_400_000;
const DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** Whole weeks anchored on a weekday (0 = Monday … 6 = Sunday): the start on or before, or the end on or after. */
function weekAnchored(date: Date, weekday: number, edge: 'start' | 'end'): Date {
  const day = startOfDay(date);
  const offset = (isoWeekday(day) - weekday + 7) % 7;
  return edge === 'start' ? addUnits(day, -offset, 'day') : addUnits(day, (7 - offset) % 7, 'day');
}

/**
 * The bucket start of `date` for a time grain of TIME_GRAINS (an ISO-8601 duration, UTC), matching what the
 * SQL engines' DATE_TRUNC expressions return: weeks start on Monday; 'Week starting Sunday' gives the
 * Sunday on or before; 'Week ending Saturday|Sunday' give the Saturday|Sunday on or after; PT5M and other
 * multiples (and '7 days', P7D) floor to multiples of the step since the epoch; 'all' keeps the date.
 */
export function truncateToGrain(date: Date, grain: string): Date {
  switch (grain) {
    case 'all':
      return date;
    case '1969-12-28T00:00:00Z/P1W':
      return weekAnchored(date, 6, 'start');
    case '1969-12-29T00:00:00Z/P1W':
      return weekAnchored(date, 0, 'start');
    case 'P1W/1970-01-03T00:00:00Z':
      return weekAnchored(date, 5, 'end');
    case 'P1W/1970-01-04T00:00:00Z':
      return weekAnchored(date, 6, 'end');
    default:
      break;
  }
  const match = DURATION.exec(grain);
  // Unmatched groups are undefined at run time although typed as strings.
  const parts = match?.slice(1).map((part: string | undefined) => Number(part ?? 0));
  const nonZero = parts?.filter((part) => part > 0) ?? [];
  if (!parts || nonZero.length !== 1) throw new TimeRangeError(`Unknown time grain "${grain}"`);
  const [years = 0, months = 0, weeks = 0, days = 0, hours = 0, minutes = 0, seconds = 0] = parts;
  if (years > 0) {
    const year = date.getUTCFullYear();
    return truncateToUnit(new Date(Date.UTC(year - (((year % years) + years) % years), 0, 1)), 'year');
  }
  if (months > 0) {
    const index = date.getUTCFullYear() * 12 + date.getUTCMonth();
    const start = index - (((index % months) + months) % months);
    return new Date(Date.UTC(Math.floor(start / 12), start % 12, 1));
  }
  if (weeks === 1) return truncateToUnit(date, 'week');
  if (weeks > 1) throw new TimeRangeError(`Unknown time grain "${grain}"`);
  const step = days * DAY_MS + hours * 3_600_000 + minutes * 60_000 + seconds * 1000;
  return new Date(Math.floor(date.getTime() / step) * step);
}

/** The bucket start of epoch milliseconds, for frames whose timestamps are numbers. */
export function truncateEpochToGrain(epochMs: number, grain: string): number {
  return truncateToGrain(new Date(epochMs), grain).getTime();
}
