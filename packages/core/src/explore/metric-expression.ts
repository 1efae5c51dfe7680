export interface RecognizedSimpleMetric {
  aggregate: 'SUM' | 'AVG' | 'MAX' | 'MIN' | 'COUNT';
  column: string;
}

// Spec 001 §5: optional LONG, DOUBLE or FLOAT, then SUM, AVG, MAX, MIN or COUNT of a column name.
const SIMPLE_METRIC = /^\s*(?:LONG|DOUBLE|FLOAT)?\s*(SUM|AVG|MAX|MIN|COUNT)\s*\(\s*("?)([A-Za-z_][A-Za-z0-9_.]*)\2\s*\)\s*$/i;

/**
 * The aggregate and column of a SQL metric written in the simple pattern (`SUM(num)`, `doubleSum(x)`),
 * so the metric editor can offer it as a Simple metric; null for anything else.
 */
export function recognizeSimpleMetric(sql: string): RecognizedSimpleMetric | null {
  const match = SIMPLE_METRIC.exec(sql);
  if (match === null) return null;
  const aggregate = (match[1] ?? '').toUpperCase();
  const column = match[3] ?? '';
  if (aggregate !== 'SUM' && aggregate !== 'AVG' && aggregate !== 'MAX' && aggregate !== 'MIN' && aggregate !== 'COUNT') {
    return null;
  }
  return { aggregate, column };
}
