/** Sub-day grains as seconds, for engines that bucket by arithmetic. */
export const SECONDS_OF: Record<string, number> = {
  PT1S: 1,
  PT5S: 5,
  PT30S: 30,
  PT1M: 60,
  PT5M: 300,
  PT10M: 600,
  PT15M: 900,
  PT30M: 1800,
  PT1H: 3600,
  PT6H: 21_600,
};

/** 'all': no bucketing, the expression as it stands (spec 001 §9). */
export const NO_GRAIN = 'all';
/** '7 days': seven-day buckets counted from 1970-01-01 (a Thursday), unlike 'week' (Mondays). */
export const SEVEN_DAYS = 'P7D';

/** An engine's grain function that also answers 'all' with the expression itself. */
export function withNoGrain(
  grainOf: (expression: string, grain: string) => string | null,
): (expression: string, grain: string) => string | null {
  return (expression, grain) => (grain === NO_GRAIN ? expression : grainOf(expression, grain));
}

export const WEEK_STARTING_SUNDAY = '1969-12-28T00:00:00Z/P1W';
export const WEEK_STARTING_MONDAY = '1969-12-29T00:00:00Z/P1W';
export const WEEK_ENDING_SATURDAY = 'P1W/1970-01-03T00:00:00Z';
export const WEEK_ENDING_SUNDAY = 'P1W/1970-01-04T00:00:00Z';

/** Grains that are a `date_trunc` unit as they stand. */
const TRUNC_UNIT_OF: Record<string, string> = {
  PT1S: 'second',
  PT1M: 'minute',
  PT1H: 'hour',
  P1D: 'day',
  P1W: 'week',
  [WEEK_STARTING_MONDAY]: 'week',
  P1M: 'month',
  P3M: 'quarter',
  P1Y: 'year',
};

/** Other weeks as days added to the value before truncating to an ISO week, and to the result after. */
const WEEK_SHIFT_OF: Record<string, { before: number; after: number }> = {
  [WEEK_STARTING_SUNDAY]: { before: 1, after: -1 },
  [WEEK_ENDING_SATURDAY]: { before: 1, after: 5 },
  [WEEK_ENDING_SUNDAY]: { before: 0, after: 6 },
};

/** What differs between the engines that bucket time with `date_trunc`. */
export interface DateTruncStyle {
  /** The expression as the value `date_trunc` reads. */
  timestamp(expression: string): string;
  /** An interval literal of `amount` (such as `1 day`). */
  interval(amount: string): string;
  /** A sub-day grain with no `date_trunc` unit, `seconds` long, of the value `timestamp` made. */
  bucket(timestamp: string, seconds: number): string;
  /** Buckets of `days` whole days counted from 1970-01-01, of the value `timestamp` made. */
  epochDays(timestamp: string, days: number): string;
}

export function dateTruncGrain(style: DateTruncStyle): (expression: string, grain: string) => string | null {
  return withNoGrain(dateTruncOnly(style));
}

function dateTruncOnly(style: DateTruncStyle): (expression: string, grain: string) => string | null {
  const days = (n: number) => style.interval(`${Math.abs(n)} ${Math.abs(n) === 1 ? 'day' : 'days'}`);
  const shifted = (x: string, n: number) => (n === 0 ? x : `${x} ${n < 0 ? '-' : '+'} ${days(n)}`);
  return (e, grain) => {
    const ts = style.timestamp(e);
    const unit = TRUNC_UNIT_OF[grain];
    if (unit !== undefined) return `date_trunc('${unit}', ${ts})`;
    if (grain === SEVEN_DAYS) return style.epochDays(ts, 7);
    const seconds = SECONDS_OF[grain];
    if (seconds !== undefined) return style.bucket(ts, seconds);
    const week = WEEK_SHIFT_OF[grain];
    if (week !== undefined) return shifted(`date_trunc('week', ${shifted(ts, week.before)})`, week.after);
    return null;
  };
}
