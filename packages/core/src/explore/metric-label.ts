import { isRecord } from './form-data';

/**
 * The label a metric gets in query results: a saved metric's name, an adhoc metric's custom label, or
 * `AGG(column)` / the SQL expression (reference §5.2, the label Superset's client computes).
 */
export function metricLabel(metric: unknown): string {
  if (typeof metric === 'string') return metric;
  if (!isRecord(metric)) return '';
  if (typeof metric.label === 'string' && metric.label !== '' && metric.hasCustomLabel === true)
    return metric.label;
  if (metric.expressionType === 'SQL' && typeof metric.sqlExpression === 'string')
    return metric.sqlExpression;
  const column = isRecord(metric.column) ? metric.column.column_name : undefined;
  if (typeof metric.aggregate === 'string' && typeof column === 'string')
    return `${metric.aggregate}(${column})`;
  return typeof metric.label === 'string' ? metric.label : '';
}

/** An adhoc metric's identity across edits (its label may change, its optionName does not). */
export function metricIdentity(metric: unknown): string {
  if (isRecord(metric) && typeof metric.optionName === 'string') return metric.optionName;
  return metricLabel(metric);
}
