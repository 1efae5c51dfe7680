import type { Engine } from '@tessera/contracts';
import { quoteIdentifier } from '../sqllab/sql';
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

function postgresGrain(e: string, grain: string): string | null {
  const trunc = (unit: string) => `date_trunc('${unit}', ${e})`;
  const within = (outer: string, part: string, step: number, unit: string) =>
    `${trunc(outer)} + floor(date_part('${part}', ${e}) / ${step}) * interval '${step} ${unit}'`;
  switch (grain) {
    case 'PT1S':
      return trunc('second');
    case 'PT5S':
      return within('minute', 'second', 5, 'seconds');
    case 'PT30S':
      return within('minute', 'second', 30, 'seconds');
    case 'PT1M':
      return trunc('minute');
    case 'PT5M':
      return within('hour', 'minute', 5, 'minutes');
    case 'PT10M':
      return within('hour', 'minute', 10, 'minutes');
    case 'PT15M':
      return within('hour', 'minute', 15, 'minutes');
    case 'PT30M':
      return within('hour', 'minute', 30, 'minutes');
    case 'PT1H':
      return trunc('hour');
    case 'PT6H':
      return within('day', 'hour', 6, 'hours');
    case 'P1D':
      return trunc('day');
    case 'P1W':
    case WEEK_STARTING_MONDAY:
      return trunc('week');
    case WEEK_STARTING_SUNDAY:
      return `date_trunc('week', ${e} + interval '1 day') - interval '1 day'`;
    case WEEK_ENDING_SATURDAY:
      return `date_trunc('week', ${e} + interval '1 day') + interval '5 days'`;
    case WEEK_ENDING_SUNDAY:
      return `date_trunc('week', ${e}) + interval '6 days'`;
    case 'P1M':
      return trunc('month');
    case 'P3M':
      return trunc('quarter');
    case 'P1Y':
      return trunc('year');
    default:
      return null;
  }
}

function duckdbGrain(e: string, grain: string): string | null {
  const seconds = SECONDS_OF[grain];
  // CAST keeps DATE columns as timestamps, so every grain answers the same type.
  const ts = `CAST(${e} AS TIMESTAMP)`;
  if (seconds !== undefined && seconds !== 1 && seconds !== 60 && seconds !== 3600)
    return `time_bucket(INTERVAL '${seconds} seconds', ${ts})`;
  const trunc = (unit: string) => `date_trunc('${unit}', ${ts})`;
  switch (grain) {
    case 'PT1S':
      return trunc('second');
    case 'PT1M':
      return trunc('minute');
    case 'PT1H':
      return trunc('hour');
    case 'P1D':
      return trunc('day');
    case 'P1W':
    case WEEK_STARTING_MONDAY:
      return trunc('week');
    case WEEK_STARTING_SUNDAY:
      return `date_trunc('week', ${ts} + INTERVAL '1 day') - INTERVAL '1 day'`;
    case WEEK_ENDING_SATURDAY:
      return `date_trunc('week', ${ts} + INTERVAL '1 day') + INTERVAL '5 days'`;
    case WEEK_ENDING_SUNDAY:
      return `date_trunc('week', ${ts}) + INTERVAL '6 days'`;
    case 'P1M':
      return trunc('month');
    case 'P3M':
      return trunc('quarter');
    case 'P1Y':
      return trunc('year');
    default:
      return null;
  }
}

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

export function dialectFor(engine: Engine): SqlDialect {
  const quote = (name: string) => quoteIdentifier(name, engine);
  switch (engine) {
    case 'postgresql':
      return {
        engine,
        quote,
        literal: (value) => baseLiteral(value, postgresString, ['TRUE', 'FALSE']),
        timestamp: (value) => `TIMESTAMP '${utcWallClock(value)}'`,
        timeGrain: postgresGrain,
        ilike: nativeIlike,
        limitOffset,
      };
    case 'duckdb':
      return {
        engine,
        quote,
        literal: (value) => baseLiteral(value, standardString, ['TRUE', 'FALSE']),
        timestamp: (value) => `TIMESTAMP '${utcWallClock(value)}'`,
        timeGrain: duckdbGrain,
        ilike: nativeIlike,
        limitOffset,
      };
    case 'mysql':
      return {
        engine,
        quote,
        literal: (value) => baseLiteral(value, mysqlString, ['TRUE', 'FALSE']),
        timestamp: (value) => `TIMESTAMP('${utcWallClock(value)}')`,
        timeGrain: mysqlGrain,
        ilike: lowerLike,
        limitOffset,
      };
    case 'sqlite':
      return {
        engine,
        quote,
        literal: (value) => baseLiteral(value, standardString, ['1', '0']),
        timestamp: (value) => `'${utcWallClock(value)}'`,
        timeGrain: sqliteGrain,
        ilike: lowerLike,
        limitOffset,
      };
  }
}
