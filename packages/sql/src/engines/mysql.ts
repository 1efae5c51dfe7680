import { mysqlCost } from './cost';
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

/**
 * MySQL reads backslash escapes unless NO_BACKSLASH_ESCAPES is set; a hex literal with a charset
 * introducer reads the same either way and stays a coercible string like any quoted literal.
 */
function mysqlString(value: string): string {
  if (!value.includes('\\')) return plainQuoted(value);
  return `_utf8mb4 X'${Buffer.from(value, 'utf8').toString('hex').toUpperCase()}'`;
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
    case SEVEN_DAYS:
      // TO_DAYS('1970-01-01') is 719528; the double MOD keeps days before the epoch in their bucket.
      return asDatetime(`DATE_SUB(${day}, INTERVAL MOD(MOD(TO_DAYS(${e}) - 719528, 7) + 7, 7) DAY)`);
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

/** MySQL and MariaDB: MariaDB connections use this spec too. */
export const mysql: EngineSpec = {
  engine: 'mysql',
  parserDialects: ['MySQL', 'MariaDB'],
  lexReadings: [
    { backslashEscapes: true, nestedComments: false },
    // NO_BACKSLASH_ESCAPES
    { backslashEscapes: false, nestedComments: false },
  ],
  formatterLanguage: 'mysql',
  quoteIdentifier: quoteWith('`'),
  explainPrefix: 'EXPLAIN FORMAT=JSON',
  costOf: mysqlCost,
  stringLiteral: mysqlString,
  booleans: ['TRUE', 'FALSE'],
  timestamp: (value) => `TIMESTAMP('${utcWallClock(value)}')`,
  timeGrain: withNoGrain(mysqlGrain),
  ilike: lowerLike,
  limitOffset,
  literalBackslashes: 'always',
};
