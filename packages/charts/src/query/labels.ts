import { adhocColumnSchema, adhocMetricSchema, type QueryColumn, type QueryMetric } from '@tessera/contracts';
import { asArray } from './values';

/**
 * Labels of metrics and columns: the names result columns carry, so post-processing options and
 * transformProps refer to them exactly as the server names them (Superset's getMetricLabel/getColumnLabel).
 */
export function getMetricLabel(metric: QueryMetric): string {
  if (typeof metric === 'string') return metric;
  if (metric.label) return metric.label;
  if (metric.expressionType === 'SIMPLE') {
    return `${metric.aggregate ?? ''}(${metric.column?.column_name ?? ''})`;
  }
  return metric.sqlExpression ?? '';
}

export function getColumnLabel(column: QueryColumn): string {
  if (typeof column === 'string') return column;
  return column.label ?? column.sqlExpression;
}

/** A form-data value as a metric, or undefined when it is neither a saved-metric name nor an adhoc metric. */
export function parseMetric(value: unknown): QueryMetric | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  const parsed = adhocMetricSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function parseColumn(value: unknown): QueryColumn | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  const parsed = adhocColumnSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function parseMetrics(value: unknown): QueryMetric[] {
  return asArray(value).flatMap((item) => {
    const metric = parseMetric(item);
    return metric === undefined ? [] : [metric];
  });
}

export function parseColumns(value: unknown): QueryColumn[] {
  return asArray(value).flatMap((item) => {
    const column = parseColumn(item);
    return column === undefined ? [] : [column];
  });
}

/** Keeps the first of each label, as Superset deduplicates metrics and columns. */
export function uniqueByLabel<T>(items: readonly T[], label: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = label(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
