import { nanoid } from 'nanoid';
import {
  METRIC_AGGREGATES,
  NO_TIME_RANGE,
  type DatasourceColumn,
  type MetricAggregate,
} from '@tessera/contracts';
import { describeTimeRange, isRecord, metricLabel, TEMPORAL_RANGE } from '@tessera/core';
import { displayValue } from '../display-value';

/** An adhoc metric as Explore stores it in form data (Superset's shape). */
export interface AdhocMetricValue {
  expressionType: 'SIMPLE' | 'SQL';
  aggregate?: MetricAggregate | null;
  column?: { column_name: string; type?: string | null } | null;
  sqlExpression?: string | null;
  label: string;
  hasCustomLabel: boolean;
  optionName: string;
}

export type MetricValue = string | AdhocMetricValue;

export const FILTER_CLAUSES = ['WHERE', 'HAVING'] as const;

/** An adhoc filter (spec 001 §3): SIMPLE subject/operator/comparator, or a SQL clause. */
export interface AdhocFilterValue {
  expressionType: 'SIMPLE' | 'SQL';
  clause: (typeof FILTER_CLAUSES)[number];
  subject?: string;
  operator?: string;
  comparator?: unknown;
  sqlExpression?: string;
  isExtra: boolean;
  filterOptionName: string;
}

export function simpleMetric(
  aggregate: MetricAggregate,
  column: Pick<DatasourceColumn, 'column_name' | 'type'>,
  label?: string,
): AdhocMetricValue {
  const defaultLabel = `${aggregate}(${column.column_name})`;
  return {
    expressionType: 'SIMPLE',
    aggregate,
    column: { column_name: column.column_name, type: column.type },
    sqlExpression: null,
    label: label !== undefined && label !== '' ? label : defaultLabel,
    hasCustomLabel: label !== undefined && label !== '' && label !== defaultLabel,
    optionName: `metric_${nanoid(10)}`,
  };
}

export function sqlMetric(sqlExpression: string, label?: string): AdhocMetricValue {
  return {
    expressionType: 'SQL',
    aggregate: null,
    column: null,
    sqlExpression,
    label: label !== undefined && label !== '' ? label : sqlExpression,
    hasCustomLabel: label !== undefined && label !== '' && label !== sqlExpression,
    optionName: `metric_${nanoid(10)}`,
  };
}

/** Dropping a column on a metrics control: numbers are summed, anything else counted distinct. */
export function metricForColumn(column: DatasourceColumn): AdhocMetricValue {
  return simpleMetric(column.type_generic === 0 ? 'SUM' : 'COUNT_DISTINCT', column);
}

export function asMetricValue(value: unknown): MetricValue | null {
  if (typeof value === 'string') return value;
  if (!isRecord(value) || (value.expressionType !== 'SIMPLE' && value.expressionType !== 'SQL')) return null;
  const column = isRecord(value.column) && typeof value.column.column_name === 'string' ? value.column : null;
  return {
    expressionType: value.expressionType,
    aggregate: METRIC_AGGREGATES.find((aggregate) => aggregate === value.aggregate) ?? null,
    column: column
      ? {
          column_name: String(column.column_name),
          type: typeof column.type === 'string' ? column.type : null,
        }
      : null,
    sqlExpression: typeof value.sqlExpression === 'string' ? value.sqlExpression : null,
    label: metricLabel(value),
    hasCustomLabel: value.hasCustomLabel === true,
    optionName: typeof value.optionName === 'string' ? value.optionName : `metric_${nanoid(10)}`,
  };
}

export function asMetricList(value: unknown): MetricValue[] {
  const list: unknown[] = Array.isArray(value)
    ? value
    : value === null || value === undefined || value === ''
      ? []
      : [value];
  return list.map(asMetricValue).filter((metric): metric is MetricValue => metric !== null);
}

export function newFilter(subject: string): AdhocFilterValue {
  return {
    expressionType: 'SIMPLE',
    clause: 'WHERE',
    subject,
    operator: 'IN',
    comparator: [],
    isExtra: false,
    filterOptionName: `filter_${nanoid(10)}`,
  };
}

export function asFilterList(value: unknown): AdhocFilterValue[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((item) => ({
    expressionType: item.expressionType === 'SQL' ? 'SQL' : 'SIMPLE',
    clause: item.clause === 'HAVING' ? 'HAVING' : 'WHERE',
    subject: typeof item.subject === 'string' ? item.subject : undefined,
    operator: typeof item.operator === 'string' ? item.operator : undefined,
    comparator: item.comparator,
    sqlExpression: typeof item.sqlExpression === 'string' ? item.sqlExpression : undefined,
    isExtra: item.isExtra === true,
    filterOptionName:
      typeof item.filterOptionName === 'string' ? item.filterOptionName : `filter_${nanoid(10)}`,
  }));
}

const NO_VALUE_OPERATORS = new Set(['IS NULL', 'IS NOT NULL', 'IS TRUE', 'IS FALSE', 'LATEST PARTITION']);
export const MULTI_VALUE_OPERATORS = new Set(['IN', 'NOT IN']);

export function operatorTakesValue(operator: string | undefined): boolean {
  return operator !== undefined && !NO_VALUE_OPERATORS.has(operator);
}

function valueText(value: unknown): string {
  return value === null || value === undefined ? '' : displayValue(value);
}

/** How a filter reads in its pill: `state IN (CA, NY)`, `num > 10`, `1990-01-01 ≤ ds < 2000-01-01`, or the SQL. */
export function filterLabel(filter: AdhocFilterValue, now: Date = new Date()): string {
  if (filter.expressionType === 'SQL')
    return `${filter.clause === 'HAVING' ? 'HAVING ' : ''}${filter.sqlExpression ?? ''}`;
  const subject = filter.subject ?? '';
  const operator = filter.operator ?? '';
  if (operator === TEMPORAL_RANGE) {
    // Superset's pill: the resolved range, or the text when it is 'No filter' or does not parse.
    const range = typeof filter.comparator === 'string' ? filter.comparator : NO_TIME_RANGE;
    const actual = describeTimeRange(range, subject, now);
    return actual.ok && actual.text !== NO_TIME_RANGE ? actual.text : `${subject} (${range})`;
  }
  if (!operatorTakesValue(operator)) return `${subject} ${operator}`;
  const comparator = filter.comparator;
  const value = Array.isArray(comparator)
    ? `(${comparator.map((item) => valueText(item)).join(', ')})`
    : valueText(comparator);
  return `${subject} ${operator} ${value}`;
}

/** A filter the query would use: a SQL clause with text, or a subject with an operator and its value. */
export function isCompleteFilter(filter: AdhocFilterValue): boolean {
  if (filter.expressionType === 'SQL') return (filter.sqlExpression ?? '').trim() !== '';
  if (!filter.subject || !filter.operator) return false;
  if (!operatorTakesValue(filter.operator)) return true;
  const comparator = filter.comparator;
  if (Array.isArray(comparator)) return comparator.length > 0;
  return comparator !== undefined && comparator !== null && comparator !== '';
}

/** Columns a TEMPORAL_RANGE filter can apply to. */
export function isTemporalColumn(
  column: Pick<DatasourceColumn, 'is_dttm' | 'type_generic'> | undefined,
): boolean {
  return column !== undefined && (column.is_dttm || column.type_generic === 2);
}
