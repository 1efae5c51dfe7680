import type { Engine } from '@tessera/contracts';
import { engineSpec } from '@tessera/sql';
import { ChartDataError } from './chart-data-error';

/** A value a filter compares against; arrays are expanded by the caller. */
export type SqlValue = string | number | boolean | null;

/**
 * What differs between engines when the compiler writes SQL: quoting, literals, time buckets,
 * case-insensitive LIKE and timestamp literals. Everything user-supplied goes through `literal`.
 * The engine knowledge lives in @tessera/sql's engine specs; this adds the refusals a chart
 * request answers with a 400.
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
  /** `expression` as text, so a series column can hold its values and the 'Others' label alike. */
  asText(expression: string): string;
}

const TEXT_TYPES: Record<Engine, string> = {
  postgresql: 'TEXT',
  sqlite: 'TEXT',
  duckdb: 'VARCHAR',
  mysql: 'CHAR',
};

function stringLiteral(engine: Engine, value: string): string {
  if (value.includes('\0'))
    throw ChartDataError.message(400, 'Filter values cannot contain the NUL character.');
  return engineSpec(engine).stringLiteral(value);
}

function numberLiteral(value: number): string {
  if (!Number.isFinite(value)) throw ChartDataError.message(400, 'Filter values must be finite numbers.');
  return String(value);
}

export function dialectFor(engine: Engine): SqlDialect {
  const spec = engineSpec(engine);
  return {
    engine,
    quote: (name) => spec.quoteIdentifier(name),
    literal: (value) => {
      if (value === null) return 'NULL';
      if (typeof value === 'number') return numberLiteral(value);
      if (typeof value === 'boolean') return value ? spec.booleans[0] : spec.booleans[1];
      return stringLiteral(engine, value);
    },
    timestamp: (value) => spec.timestamp(value),
    timeGrain: (expression, grain) => spec.timeGrain(expression, grain),
    ilike: (expression, pattern, negate) => spec.ilike(expression, pattern, negate),
    limitOffset: (limit, offset) => spec.limitOffset(limit, offset),
    asText: (expression) => `CAST(${expression} AS ${TEXT_TYPES[engine]})`,
  };
}
