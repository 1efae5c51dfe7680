import { postgresCost } from './cost';
import type { EngineSpec } from './engine-spec';
import { limitOffset, nativeIlike, plainQuoted, quoteWith, typedTimestamp } from './literals';
import { dateTruncGrain } from './time-grains';

/**
 * PostgreSQL reads backslashes in plain strings when standard_conforming_strings is off, so a
 * value holding one is written as an E'' string, whose escapes mean the same under both settings.
 */
function postgresString(value: string): string {
  if (!value.includes('\\')) return plainQuoted(value);
  return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** `step` seconds, minutes or hours counted from the start of the enclosing minute, hour or day. */
function postgresBucket(e: string, seconds: number): string {
  const [part, within, size]: [string, string, number] =
    seconds < 60 ? ['second', 'minute', 1] : seconds < 3600 ? ['minute', 'hour', 60] : ['hour', 'day', 3600];
  const step = seconds / size;
  return `date_trunc('${within}', ${e}) + floor(date_part('${part}', ${e}) / ${step}) * interval '${step} ${part}s'`;
}

export const postgresql: EngineSpec = {
  engine: 'postgresql',
  parserDialects: ['PostgresQL'],
  lexReadings: [
    { backslashEscapes: false, nestedComments: true },
    // standard_conforming_strings = off
    { backslashEscapes: true, nestedComments: true },
  ],
  formatterLanguage: 'postgresql',
  quoteIdentifier: quoteWith('"'),
  explainPrefix: 'EXPLAIN (FORMAT JSON)',
  costOf: postgresCost,
  stringLiteral: postgresString,
  booleans: ['TRUE', 'FALSE'],
  timestamp: typedTimestamp,
  timeGrain: dateTruncGrain({
    timestamp: (e) => e,
    interval: (amount) => `interval '${amount}'`,
    bucket: postgresBucket,
    epochDays: (ts, days) => `date_bin(interval '${days} days', ${ts}, TIMESTAMP '1970-01-01 00:00:00')`,
  }),
  ilike: nativeIlike,
  limitOffset,
  literalBackslashes: 'escape-strings',
};
