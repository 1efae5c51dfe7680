import type { Dataset, DatasetUpdate } from '@tessera/contracts';

/** A column row in the editor; `key` is stable for new rows that have no id yet. */
export interface ColumnDraft {
  key: string;
  id?: number;
  column_name: string;
  verbose_name: string;
  description: string;
  /** Null for a column of the table or query; SQL for a calculated column. */
  expression: string | null;
  type: string | null;
  is_dttm: boolean;
  groupby: boolean;
  filterable: boolean;
  python_date_format: string;
  /** Kept in the column's `extra` by the server; blank means not certified / no warning. */
  certified_by: string;
  certification_details: string;
  warning_text: string;
}

export interface MetricDraft {
  key: string;
  id?: number;
  metric_name: string;
  verbose_name: string;
  expression: string;
  d3format: string;
  warning_text: string;
  certified_by: string;
  description: string;
}

export interface DatasetDraft {
  table_name: string;
  description: string;
  main_dttm_col: string | null;
  /** Text of the input; blank means the database default. */
  cache_timeout: string;
  /** The SELECT of a virtual dataset; null for a physical one (not editable). */
  sql: string | null;
  columns: ColumnDraft[];
  metrics: MetricDraft[];
  /** The owners with the names the picker shows; the body sends their ids. */
  owners: { id: number; name: string }[];
}

let nextKey = 0;
export const newKey = (prefix: string): string => {
  nextKey += 1;
  return `${prefix}-new-${nextKey}`;
};

export function draftFromDataset(dataset: Dataset): DatasetDraft {
  return {
    table_name: dataset.table_name,
    description: dataset.description ?? '',
    main_dttm_col: dataset.main_dttm_col,
    cache_timeout: dataset.cache_timeout === null ? '' : String(dataset.cache_timeout),
    sql: dataset.sql,
    owners: dataset.owners.map((owner) => ({
      id: owner.id,
      name: `${owner.first_name} ${owner.last_name}`.trim() || `User ${String(owner.id)}`,
    })),
    columns: dataset.columns.map((column) => ({
      key: `column-${column.id}`,
      id: column.id,
      column_name: column.column_name,
      verbose_name: column.verbose_name ?? '',
      description: column.description ?? '',
      expression: column.expression,
      type: column.type,
      is_dttm: column.is_dttm,
      groupby: column.groupby,
      filterable: column.filterable,
      python_date_format: column.python_date_format ?? '',
      certified_by: column.certified_by ?? '',
      certification_details: column.certification_details ?? '',
      warning_text: column.warning_text ?? '',
    })),
    metrics: dataset.metrics.map((metric) => ({
      key: `metric-${metric.id}`,
      id: metric.id,
      metric_name: metric.metric_name,
      verbose_name: metric.verbose_name ?? '',
      expression: metric.expression,
      d3format: metric.d3format ?? '',
      warning_text: metric.warning_text ?? '',
      certified_by: metric.certified_by ?? '',
      description: metric.description ?? '',
    })),
  };
}

export const newCalculatedColumn = (): ColumnDraft => ({
  key: newKey('column'),
  column_name: '',
  verbose_name: '',
  description: '',
  expression: '',
  type: null,
  is_dttm: false,
  groupby: true,
  filterable: true,
  python_date_format: '',
  certified_by: '',
  certification_details: '',
  warning_text: '',
});

export const newMetric = (): MetricDraft => ({
  key: newKey('metric'),
  metric_name: '',
  verbose_name: '',
  expression: '',
  d3format: '',
  warning_text: '',
  certified_by: '',
  description: '',
});

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

function repeated(names: string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const name of names) (seen.has(name) ? twice : seen).add(name);
  return [...twice];
}

/** Mistakes the editor can name before asking the server (which checks everything again). */
export function draftProblems(draft: DatasetDraft): string[] {
  const problems: string[] = [];
  if (draft.table_name.trim() === '') problems.push('Dataset name is required.');
  if (draft.cache_timeout.trim() !== '' && !/^-?\d+$/.test(draft.cache_timeout.trim())) {
    problems.push('Cache timeout must be a whole number of seconds.');
  }
  if (draft.sql !== null && draft.sql.trim() === '') problems.push('SQL is required for a virtual dataset.');
  const columnNames = draft.columns.map((column) => column.column_name.trim());
  if (columnNames.some((name) => name === '')) problems.push('Every column needs a name.');
  const calculated = draft.columns.filter((column) => column.expression !== null);
  if (calculated.some((column) => (column.expression ?? '').trim() === '')) {
    problems.push('Every calculated column needs an SQL expression.');
  }
  for (const name of repeated(columnNames.filter((n) => n !== '')))
    problems.push(`Column ${name} is duplicated.`);
  const metricNames = draft.metrics.map((metric) => metric.metric_name.trim());
  if (metricNames.some((name) => name === '')) problems.push('Every metric needs a name.');
  if (draft.metrics.some((metric) => metric.expression.trim() === '')) {
    problems.push('Every metric needs an SQL expression.');
  }
  for (const name of repeated(metricNames.filter((n) => n !== '')))
    problems.push(`Metric ${name} is duplicated.`);
  return problems;
}

/** The PUT /api/v1/dataset/{pk} body: complete column and metric lists, as the server expects. */
export function updateBodyFromDraft(draft: DatasetDraft): DatasetUpdate {
  const timeout = draft.cache_timeout.trim();
  return {
    table_name: draft.table_name.trim(),
    description: orNull(draft.description),
    main_dttm_col: draft.main_dttm_col,
    cache_timeout: timeout === '' ? null : Number(timeout),
    ...(draft.sql === null ? {} : { sql: draft.sql }),
    owners: draft.owners.map((owner) => owner.id),
    columns: draft.columns.map((column) => ({
      ...(column.id === undefined ? {} : { id: column.id }),
      column_name: column.column_name.trim(),
      verbose_name: orNull(column.verbose_name),
      description: orNull(column.description),
      expression: column.expression === null ? null : column.expression.trim(),
      is_dttm: column.is_dttm,
      groupby: column.groupby,
      filterable: column.filterable,
      python_date_format: orNull(column.python_date_format),
      certified_by: orNull(column.certified_by),
      certification_details: orNull(column.certification_details),
      warning_text: orNull(column.warning_text),
    })),
    metrics: draft.metrics.map((metric) => ({
      ...(metric.id === undefined ? {} : { id: metric.id }),
      metric_name: metric.metric_name.trim(),
      expression: metric.expression.trim(),
      verbose_name: orNull(metric.verbose_name),
      d3format: orNull(metric.d3format),
      warning_text: orNull(metric.warning_text),
      certified_by: orNull(metric.certified_by),
      description: orNull(metric.description),
    })),
  };
}
