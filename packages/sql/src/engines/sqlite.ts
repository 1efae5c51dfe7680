import { sqliteCost } from './cost';
import type { EngineSpec } from './engine-spec';
import { limitOffset, lowerLike, plainQuoted, quoteWith, utcWallClock } from './literals';
import {
  SECONDS_OF,
  WEEK_ENDING_SATURDAY,
  WEEK_ENDING_SUNDAY,
  WEEK_STARTING_MONDAY,
  WEEK_STARTING_SUNDAY,
  SEVEN_DAYS,
  withNoGrain,
} from './time-grains';

function sqliteGrain(e: string, grain: string): string | null {
  const seconds = SECONDS_OF[grain];
  if (seconds !== undefined)
    return seconds === 1
      ? `datetime(${e})`
      : `datetime((CAST(strftime('%s', ${e}) AS INTEGER) / ${seconds}) * ${seconds}, 'unixepoch')`;
  switch (grain) {
    case 'P1D':
      return `datetime(${e}, 'start of day')`;
    case SEVEN_DAYS:
      return `datetime(${e}, 'start of day', '-' || (((CAST(julianday(date(${e})) - 2440587.5 AS INTEGER) % 7) + 7) % 7) || ' days')`;
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

export const sqlite: EngineSpec = {
  engine: 'sqlite',
  parserDialects: ['Sqlite'],
  lexReadings: [{ backslashEscapes: false, nestedComments: false }],
  formatterLanguage: 'sqlite',
  quoteIdentifier: quoteWith('"'),
  explainPrefix: 'EXPLAIN QUERY PLAN',
  costOf: sqliteCost,
  stringLiteral: plainQuoted,
  // SQLite has no boolean type; TRUE and FALSE are 1 and 0 only from 3.23 on.
  booleans: ['1', '0'],
  // Timestamps are ISO text in SQLite, compared as strings.
  timestamp: (value) => `'${utcWallClock(value)}'`,
  timeGrain: withNoGrain(sqliteGrain),
  ilike: lowerLike,
  limitOffset,
  literalBackslashes: 'never',
};
