import { NO_TIME_RANGE } from '@tessera/contracts';
import { parseTimeRange, type TimeRangeOptions } from './parse-time-range';
import { TimeRangeError } from './time-range-error';

/** A bound as the range editor shows it: the date alone at midnight UTC, else the full UTC datetime. */
export function formatRangeBound(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
}

export type TimeRangeDescription = { ok: true; text: string } | { ok: false; error: string };

/**
 * The actual range a time range resolves to, in Superset's words: `1990-01-01 ≤ ds < 2000-01-01`, with
 * `-∞`/`∞` for an open side and 'No filter' when both are open. Invalid text gives the parser's message.
 */
export function describeTimeRange(
  timeRange: string,
  column: string,
  now: Date,
  options: TimeRangeOptions = {},
): TimeRangeDescription {
  try {
    const { since, until } = parseTimeRange(timeRange, now, options);
    if (since === null && until === null) return { ok: true, text: NO_TIME_RANGE };
    const start = since === null ? '-∞' : formatRangeBound(since);
    const end = until === null ? '∞' : formatRangeBound(until);
    return { ok: true, text: `${start} ≤ ${column} < ${end}` };
  } catch (error) {
    if (error instanceof TimeRangeError) return { ok: false, error: error.message };
    throw error;
  }
}
