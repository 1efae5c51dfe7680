/** The aggregates spec 001 §5's metric expression pattern recognises. */
const AGGREGATES = ['SUM', 'AVG', 'MAX', 'MIN', 'COUNT'] as const;
export type SimpleExpressionAggregate = (typeof AGGREGATES)[number];

export interface SimpleMetricExpression {
  aggregate: SimpleExpressionAggregate;
  column: string;
}

/**
 * Optional LONG/DOUBLE/FLOAT (Druid-style typed aggregates, e.g. `LONGSUM`), then an aggregate of
 * one column name: a plain or dotted identifier, or one double-quoted name.
 */
const PATTERN =
  /^\s*(?:LONG|DOUBLE|FLOAT)?(SUM|AVG|MAX|MIN|COUNT)\s*\(\s*(?:([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)|"((?:[^"]|"")+)")\s*\)\s*$/i;

/**
 * The aggregate and column of a SQL metric that is really a simple one (`SUM(num)`,
 * `longSum(num)`, `MAX("Sale Price")`), so the metric editor can show it on its Simple tab;
 * null for anything else (`COUNT(*)`, expressions, several columns).
 */
export function parseSimpleMetricExpression(sql: string): SimpleMetricExpression | null {
  const match = PATTERN.exec(sql);
  if (!match) return null;
  const [, word = '', plain, quoted] = match;
  const aggregate = AGGREGATES.find((candidate) => candidate === word.toUpperCase());
  const column = plain ?? quoted?.replaceAll('""', '"');
  if (aggregate === undefined || column === undefined) return null;
  return { aggregate, column };
}
