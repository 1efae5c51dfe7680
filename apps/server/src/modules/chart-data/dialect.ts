import type { Engine } from '@tessera/contracts';
import { quoteIdentifier } from '@tessera/sql';
import { ChartDataError } from './chart-data-error';

/** A value a filter compares against; arrays are expanded by the caller. */
export type SqlValue = string | number | boolean | null;

/**
 * What differs between engines when the compiler writes SQL: quoting, literals, time buckets,
 * case-insensitive LIKE and timestamp literals. Everything user-supplied goes through `literal`.
 */
export interface SqlDialect {
  readonly engine: Engine;
  quote(name: string): string;
  literal(value: SqlValue): string;
  /** A timestamp literal (UTC wall clock) comparable with the engine's timestamp columns. */
  timestamp(value: Date): string;
  /** `expression` bucketed to `grain` (an ISO duration of TIME_GRAINS); null when unsupported. */
  timeGrain(expression: string, grain: string): string | null;
  ilike(expression: string, pattern: string, negate: boolean): string;
  limitOffset(limit: number, offset: number): string;
}

function invalidValue(): ChartDataError {
  return ChartDataError.message(400, 'Filter values cannot contain the NUL character.');
}

function plainQuoted(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function numberLiteral(value: number): string {
  if (!Number.isFinite(value)) throw ChartDataError.message(400, 'Filter values must be finite numbers.');
  return String(value);
}

/**
 * PostgreSQL reads backslashes in plain strings when standard_conforming_strings is off, so a
 * value holding one is written as an E'' string, whose escapes mean the same under both settings.
 */
function postgresString(value: string): string {
  if (value.includes('\0')) throw invalidValue();
  if (!value.includes('\\')) return plainQuoted(value);
  return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * MySQL reads backslash escapes unless NO_BACKSLASH_ESCAPES is set; a hex literal with a charset
 * introducer reads the same either way and stays a coercible string like any quoted literal.
 */
function mysqlString(value: string): string {
  if (value.includes('\0')) throw invalidValue();
  if (!value.includes('\\')) return plainQuoted(value);
  return `_utf8mb4 X'${Buffer.from(value, 'utf8').toString('hex').toUpperCase()}'`;
}

function standardString(value: string): string {
  if (value.includes('\0')) throw invalidValue();
  return plainQuoted(value);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:MM:SS[.fff]` in UTC. */
export function utcWallClock(value: Date): string {
  const base = `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  const ms = value.getUTCMilliseconds();
  return ms === 0 ? base : `${base}.${pad(ms, 3)}`;
}

/** Sub-day grains as seconds, for engines that bucket by arithmetic. */
const SECONDS_OF: Record<string, number> = {
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

const WEEK_STARTING_SUNDAY = '1969-12-28T00:00:00Z/P1W';
const WEEK_STARTING_MONDAY = '1969-12-29T00:00:00Z/P1W';
const WEEK_ENDING_SATURDAY = 'P1W/1970-01-03T00:00:00Z';
const WEEK_ENDING_SUNDAY = 'P1W/1970-01-04T00:00:00Z';

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
interface DateTruncStyle {
  /** The expression as the value `date_trunc` reads. */
  timestamp(expression: string): string;
  /** An interval literal of `amount` (such as `1 day`). */
  interval(amount: string): string;
  /** A sub-day grain with no `date_trunc` unit, `seconds` long, of the value `timestamp` made. */
  bucket(timestamp: string, seconds: number): string;
}

function dateTruncGrain(style: DateTruncStyle): SqlDialect['timeGrain'] {
  const days = (n: number) => style.interval(`${Math.abs(n)} ${Math.abs(n) === 1 ? 'day' : 'days'}`);
  const shifted = (x: string, n: number) => (n === 0 ? x : `${x} ${n < 0 ? '-' : '+'} ${days(n)}`);
  return (e, grain) => {
    const ts = style.timestamp(e);
    const unit = TRUNC_UNIT_OF[grain];
    if (unit !== undefined) return `date_trunc('${unit}', ${ts})`;
    const seconds = SECONDS_OF[grain];
    if (seconds !== undefined) return style.bucket(ts, seconds);
    const week = WEEK_SHIFT_OF[grain];
    if (week !== undefined) return shifted(`date_trunc('week', ${shifted(ts, week.before)})`, week.after);
    return null;
  };
}

/** `step` seconds, minutes or hours counted from the start of the enclosing minute, hour or day. */
function postgresBucket(e: string, seconds: number): string {
  const [part, within, size]: [string, string, number] =
    seconds < 60 ? ['second', 'minute', 1] : seconds < 3600 ? ['minute', 'hour', 60] : ['hour', 'day', 3600];
  const step = seconds / size;
  return `date_trunc('${within}', ${e}) + floor(date_part('${part}', ${e}) / ${step}) * interval '${step} ${part}s'`;
}

const postgresGrain = dateTruncGrain({
  timestamp: (e) => e,
  interval: (amount) => `interval '${amount}'`,
  bucket: postgresBucket,
});

const duckdbGrain = dateTruncGrain({
  // CAST keeps DATE columns as timestamps, so every grain answers the same type.
  timestamp: (e) => `CAST(${e} AS TIMESTAMP)`,
  interval: (amount) => `INTERVAL '${amount}'`,
  bucket: (ts, seconds) => `time_bucket(INTERVAL '${seconds} seconds', ${ts})`,
});

function mysqlGrain(e: string, grain: string): string | null {
  const day = `DATE(${e})`;
  const asDatetime = (x: string) => `CAST(${x} AS DATETIME)`;
  const secondsOfDay = `(HOUR(${e}) * 3600 + MINUTE(${e}) * 60 + SECOND(${e}))`;
  const seconds = SECONDS_OF[grain];
  if (seconds !== undefined)
    return seconds === 1
      ? `DATE_ADD(${day}, INTERVAL ${secondsOfDay} SECOND)`
      : `DATE_ADD(${day}, INTERVAL (${secondsOfDay} DIV ${seconds}) * ${seconds} SECOND)`;
  switch (grain) {
    case 'P1D':
      return asDatetime(day);
    case 'P1W':
    case WEEK_STARTING_MONDAY:
      return asDatetime(`DATE_SUB(${day}, INTERVAL WEEKDAY(${e}) DAY)`);
    case WEEK_STARTING_SUNDAY:
      return asDatetime(`DATE_SUB(${day}, INTERVAL (DAYOFWEEK(${e}) - 1) DAY)`);
    case WEEK_ENDING_SATURDAY:
      return asDatetime(`DATE_ADD(${day}, INTERVAL (7 - DAYOFWEEK(${e})) DAY)`);
    case WEEK_ENDING_SUNDAY:
      return asDatetime(`DATE_ADD(${day}, INTERVAL (6 - WEEKDAY(${e})) DAY)`);
    case 'P1M':
      return asDatetime(`DATE_SUB(${day}, INTERVAL (DAYOFMONTH(${e}) - 1) DAY)`);
    case 'P3M':
      return asDatetime(`MAKEDATE(YEAR(${e}), 1) + INTERVAL (QUARTER(${e}) - 1) QUARTER`);
    case 'P1Y':
      return asDatetime(`MAKEDATE(YEAR(${e}), 1)`);
    default:
      return null;
  }
}

function sqliteGrain(e: string, grain: string): string | null {
  const seconds = SECONDS_OF[grain];
  if (seconds !== undefined)
    return seconds === 1
      ? `datetime(${e})`
      : `datetime((CAST(strftime('%s', ${e}) AS INTEGER) / ${seconds}) * ${seconds}, 'unixepoch')`;
  switch (grain) {
    case 'P1D':
      return `datetime(${e}, 'start of day')`;
    case 'P1W':
    case WEEK_STARTING_MONDAY:
      return `datetime(${e}, 'start of day', '-6 days', 'weekday 1')`;
    case WEEK_STARTING_SUNDAY:
      return `datetime(${e}, 'start of day', '-6 days', 'weekday 0')`;
    case WEEK_ENDING_SATURDAY:
      return `datetime(${e}, 'start of day', 'weekday 6')`;
    case WEEK_ENDING_SUNDAY:
      return `datetime(${e}, 'start of day', 'weekday 0')`;
    case 'P1M':
      return `datetime(${e}, 'start of month')`;
    case 'P3M':
      return `datetime(${e}, 'start of month', '-' || ((CAST(strftime('%m', ${e}) AS INTEGER) - 1) % 3) || ' months')`;
    case 'P1Y':
      return `datetime(${e}, 'start of year')`;
    default:
      return null;
  }
}

const lowerLike = (expression: string, pattern: string, negate: boolean): string =>
  `LOWER(${expression}) ${negate ? 'NOT LIKE' : 'LIKE'} LOWER(${pattern})`;

const nativeIlike = (expression: string, pattern: string, negate: boolean): string =>
  `${expression} ${negate ? 'NOT ILIKE' : 'ILIKE'} ${pattern}`;

function baseLiteral(value: SqlValue, string: (text: string) => string, booleans: [string, string]): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return numberLiteral(value);
  if (typeof value === 'boolean') return value ? booleans[0] : booleans[1];
  return string(value);
}

const limitOffset = (limit: number, offset: number): string =>
  offset > 0 ? `LIMIT ${limit} OFFSET ${offset}` : `LIMIT ${limit}`;

/** What each engine writes its own way; the rest of a dialect is shared. */
interface EngineSyntax {
  string: (text: string) => string;
  booleans: [string, string];
  timestamp: SqlDialect['timestamp'];
  timeGrain: SqlDialect['timeGrain'];
  ilike: SqlDialect['ilike'];
}

const typedTimestamp = (value: Date): string => `TIMESTAMP '${utcWallClock(value)}'`;

const SYNTAX_OF: Record<Engine, EngineSyntax> = {
  postgresql: {
    string: postgresString,
    booleans: ['TRUE', 'FALSE'],
    timestamp: typedTimestamp,
    timeGrain: postgresGrain,
    ilike: nativeIlike,
  },
  duckdb: {
    string: standardString,
    booleans: ['TRUE', 'FALSE'],
    timestamp: typedTimestamp,
    timeGrain: duckdbGrain,
    ilike: nativeIlike,
  },
  mysql: {
    string: mysqlString,
    booleans: ['TRUE', 'FALSE'],
    timestamp: (value) => `TIMESTAMP('${utcWallClock(value)}')`,
    timeGrain: mysqlGrain,
    ilike: lowerLike,
  },
  sqlite: {
    string: standardString,
    booleans: ['1', '0'],
    timestamp: (value) => `'${utcWallClock(value)}'`,
    timeGrain: sqliteGrain,
    ilike: lowerLike,
  },
};

export function dialectFor(engine: Engine): SqlDialect {
  const syntax = SYNTAX_OF[engine];
  return {
    engine,
    quote: (name) => quoteIdentifier(name, engine),
    literal: (value) => baseLiteral(value, syntax.string, syntax.booleans),
    timestamp: syntax.timestamp,
    timeGrain: syntax.timeGrain,
    ilike: syntax.ilike,
    limitOffset,
  };
}
