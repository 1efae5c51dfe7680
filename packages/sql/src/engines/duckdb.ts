import { duckdbCost } from './cost';
import type { EngineSpec } from './engine-spec';
import { limitOffset, nativeIlike, plainQuoted, quoteWith, typedTimestamp } from './literals';
import { dateTruncGrain } from './time-grains';

export const duckdb: EngineSpec = {
  engine: 'duckdb',
  // node-sql-parser has no DuckDB dialect; DuckDB's grammar is closest to PostgreSQL's.
  parserDialects: ['PostgresQL'],
  lexReadings: [
    { backslashEscapes: false, nestedComments: true },
    // Whether its block comments nest is not visible from here.
    { backslashEscapes: false, nestedComments: false },
  ],
  formatterLanguage: 'duckdb',
  quoteIdentifier: quoteWith('"'),
  explainPrefix: 'EXPLAIN',
  costOf: duckdbCost,
  stringLiteral: plainQuoted,
  booleans: ['TRUE', 'FALSE'],
  timestamp: typedTimestamp,
  timeGrain: dateTruncGrain({
    // CAST keeps DATE columns as timestamps, so every grain answers the same type.
    timestamp: (e) => `CAST(${e} AS TIMESTAMP)`,
    interval: (amount) => `INTERVAL '${amount}'`,
    bucket: (ts, seconds) => `time_bucket(INTERVAL '${seconds} seconds', ${ts})`,
    epochDays: (ts, days) => `time_bucket(INTERVAL '${days} days', ${ts}, TIMESTAMP '1970-01-01 00:00:00')`,
  }),
  ilike: nativeIlike,
  limitOffset,
  literalBackslashes: 'escape-strings',
};
