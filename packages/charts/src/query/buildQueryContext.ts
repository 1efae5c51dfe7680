import {
  chartDatasourceRefSchema,
  FILTER_OPERATORS,
  orderByItemSchema,
  type AdhocColumn,
  type ChartDatasourceRef,
  type FilterOperator,
  type OrderByItem,
  type QueryColumn,
  type QueryContext,
  type QueryFilter,
  type QueryMetric,
  type QueryObject,
} from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from './form-data';
import {
  getColumnLabel,
  getMetricLabel,
  parseColumn,
  parseColumns,
  parseMetric,
  parseMetrics,
  uniqueByLabel,
} from './labels';
import { asArray, asNumber, asOptionalNumber, asOptionalString, isRecord } from './values';

/**
 * Form data → query context with the semantics of Superset's `buildQueryContext`/`buildQueryObject`, so
 * the server sees the same query objects a Superset client sends.
 */

/** `{id}__{type}` → `{id, type}`; numeric ids become numbers. */
export function parseDatasourceKey(key: string): ChartDatasourceRef {
  const separator = key.indexOf('__');
  const rawId = separator === -1 ? key : key.slice(0, separator);
  const rawType = separator === -1 ? 'table' : key.slice(separator + 2);
  const id = /^\d+$/.test(rawId) ? Number(rawId) : rawId;
  const parsed = chartDatasourceRefSchema.safeParse({ id, type: rawType });
  if (!parsed.success) throw new Error(`Invalid datasource key: ${key}`);
  return parsed.data;
}

/** Form-data keys whose values are metrics (Superset's query field aliases). */
const METRIC_FIELDS = [
  'metric',
  'metrics',
  'metric_2',
  'secondary_metric',
  'percent_metrics',
  'size',
  'x',
  'y',
];
/** Form-data keys whose values are columns. */
const COLUMN_FIELDS = ['columns', 'groupby', 'all_columns', 'series', 'entity'];

const isOperator = (value: unknown): value is FilterOperator =>
  typeof value === 'string' && (FILTER_OPERATORS as readonly string[]).includes(value);

const UNARY_OPERATORS: readonly FilterOperator[] = ['IS NULL', 'IS NOT NULL', 'IS TRUE', 'IS FALSE'];

/** A trailing `-- comment` would swallow the closing parenthesis the clause is wrapped in. */
function sanitizeClause(sql: string): string {
  const trimmed = sql.trim();
  const lastLine = trimmed.split('\n').at(-1) ?? '';
  return lastLine.includes('--') ? `${trimmed}\n` : trimmed;
}

export interface ProcessedFilters {
  filters: QueryFilter[];
  where?: string;
  having?: string;
}

/** Adhoc filters → SIMPLE filters as `{col, op, val}` and SQL filters as `extras.where`/`extras.having`. */
export function processAdhocFilters(adhocFilters: unknown): ProcessedFilters {
  const filters: QueryFilter[] = [];
  const where: string[] = [];
  const having: string[] = [];
  for (const item of asArray(adhocFilters)) {
    if (!isRecord(item)) continue;
    const clause = item.clause === 'HAVING' ? 'HAVING' : 'WHERE';
    if (item.expressionType === 'SQL') {
      const sql = asOptionalString(item.sqlExpression);
      if (sql === undefined) continue;
      (clause === 'WHERE' ? where : having).push(`(${sanitizeClause(sql)})`);
      continue;
    }
    if (clause !== 'WHERE' || !isOperator(item.operator)) continue;
    const col = parseColumn(item.subject);
    if (col === undefined) continue;
    const filter: QueryFilter = { col, op: item.operator };
    if (!UNARY_OPERATORS.includes(item.operator)) {
      const comparator: unknown = item.comparator;
      if (Array.isArray(comparator)) {
        filter.val = comparator.filter(
          (v): v is string | number | boolean | null =>
            v === null || ['string', 'number', 'boolean'].includes(typeof v),
        );
      } else if (comparator === null || ['string', 'number', 'boolean'].includes(typeof comparator)) {
        filter.val = comparator as string | number | boolean | null;
      }
    }
    filters.push(filter);
  }
  return {
    filters,
    ...(where.length > 0 ? { where: where.join(' AND ') } : {}),
    ...(having.length > 0 ? { having: having.join(' AND ') } : {}),
  };
}

/** `orderby` as Explore stores it: tuples, or JSON strings of tuples (raw-mode `order_by_cols`). */
export function parseOrderBy(value: unknown): OrderByItem[] {
  return asArray(value).flatMap((item) => {
    let candidate: unknown = item;
    if (typeof item === 'string') {
      try {
        candidate = JSON.parse(item);
      } catch {
        return [];
      }
    }
    const parsed = orderByItemSchema.safeParse(candidate);
    return parsed.success ? [parsed.data] : [];
  });
}

export function isXAxisSet(formData: FormData): boolean {
  return parseColumn(formData.x_axis) !== undefined;
}

/**
 * Whether the x-axis holds times. Explore puts `temporal_columns_lookup` (column → is_dttm) in the form
 * data; an x-axis it does not list (adhoc, or form data saved before the lookup) counts as temporal.
 */
export function isXAxisTemporal(formData: FormData): boolean {
  const xAxis = formData.x_axis;
  const lookup = formData.temporal_columns_lookup;
  if (typeof xAxis !== 'string' || !isRecord(lookup) || !(xAxis in lookup)) return true;
  return lookup[xAxis] === true;
}

/**
 * The x axis as a BASE_AXIS adhoc column (Superset's getXAxisColumn); only a temporal one carries the
 * time grain, since bucketing a category by day is an error in most engines.
 */
export function getXAxisColumn(formData: FormData): AdhocColumn | undefined {
  const xAxis = parseColumn(formData.x_axis);
  if (xAxis === undefined) return undefined;
  const timeGrain = isXAxisTemporal(formData) ? asOptionalString(formData.time_grain_sqla) : undefined;
  const base: AdhocColumn =
    typeof xAxis === 'string'
      ? { sqlExpression: xAxis, label: xAxis, expressionType: 'SQL' }
      : { ...xAxis, label: getColumnLabel(xAxis) };
  return { ...base, columnType: 'BASE_AXIS', ...(timeGrain ? { timeGrain } : {}) };
}

export function getXAxisLabel(formData: FormData): string | undefined {
  const xAxis = parseColumn(formData.x_axis);
  return xAxis === undefined ? undefined : getColumnLabel(xAxis);
}

/** The common part of every query object built from form data (Superset's buildQueryObject). */
export function buildQueryObject(formData: FormData, options: BuildQueryOptions = {}): QueryObject {
  const metrics = uniqueByLabel(
    METRIC_FIELDS.flatMap((field) => parseMetrics(formData[field])),
    getMetricLabel,
  );
  const columns = uniqueByLabel(
    COLUMN_FIELDS.flatMap((field) => parseColumns(formData[field])),
    getColumnLabel,
  );
  const processed = processAdhocFilters(formData.adhoc_filters);
  const extraFilters = (options.extraFilters ?? []).map((filter) => ({ ...filter, isExtra: true }));
  const seriesLimitMetric = parseMetric(formData.series_limit_metric ?? formData.timeseries_limit_metric);
  const timeGrain = asOptionalString(formData.time_grain_sqla);
  const rowLimit = asOptionalNumber(formData.row_limit);
  const rowOffset = asOptionalNumber(formData.row_offset);
  const granularity = asOptionalString(formData.granularity_sqla) ?? asOptionalString(formData.granularity);
  const urlParams = isRecord(formData.url_params)
    ? Object.fromEntries(
        Object.entries(formData.url_params).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    : {};

  return {
    time_range: asOptionalString(formData.time_range) ?? 'No filter',
    ...(granularity ? { granularity } : {}),
    columns,
    metrics,
    orderby: parseOrderBy(formData.orderby),
    // Passed on as Superset's client does: the server answers NATIVE layers in `annotation_data`.
    annotation_layers: Array.isArray(formData.annotation_layers) ? formData.annotation_layers : [],
    ...(rowLimit !== undefined ? { row_limit: Math.max(0, Math.trunc(rowLimit)) } : {}),
    ...(rowOffset !== undefined ? { row_offset: Math.max(0, Math.trunc(rowOffset)) } : {}),
    series_columns: [],
    series_limit: Math.max(0, Math.trunc(asNumber(formData.series_limit ?? formData.limit, 0))),
    ...(seriesLimitMetric !== undefined ? { series_limit_metric: seriesLimitMetric } : {}),
    ...(formData.group_others_when_limit_reached === true ? { group_others_when_limit_reached: true } : {}),
    order_desc: typeof formData.order_desc === 'boolean' ? formData.order_desc : true,
    url_params: urlParams,
    filters: [...processed.filters, ...extraFilters],
    extras: {
      ...(timeGrain ? { time_grain_sqla: timeGrain } : {}),
      ...(processed.where !== undefined ? { where: processed.where } : {}),
      ...(processed.having !== undefined ? { having: processed.having } : {}),
    },
  };
}

export type BuildQueryObjects = (baseQueryObject: QueryObject) => QueryObject[];

/** Wraps the query objects a plugin derives from the base query object into a query context. */
export function buildQueryContext(
  formData: FormData,
  buildQueryObjects: BuildQueryObjects = (base) => [base],
  options: BuildQueryOptions = {},
): QueryContext {
  const resultType = asOptionalString(formData.result_type);
  const resultFormat = asOptionalString(formData.result_format);
  return {
    datasource: parseDatasourceKey(formData.datasource),
    force: formData.force === true,
    queries: buildQueryObjects(buildQueryObject(formData, options)),
    form_data: formData,
    result_format: resultFormat === 'csv' || resultFormat === 'xlsx' ? resultFormat : 'json',
    result_type:
      resultType === 'results' ||
      resultType === 'samples' ||
      resultType === 'query' ||
      resultType === 'post_processed'
        ? resultType
        : 'full',
  };
}

/** Metric labels of a query object (the names of its metric result columns). */
export function metricLabels(queryObject: QueryObject): string[] {
  return (queryObject.metrics ?? []).map(getMetricLabel);
}

export function columnLabels(columns: readonly QueryColumn[] | undefined): string[] {
  return (columns ?? []).map(getColumnLabel);
}

/** Orders by the series-limit metric, else the first metric (Superset's normalizeOrderBy). */
export function normalizeOrderBy(queryObject: QueryObject): OrderByItem[] {
  if (queryObject.orderby && queryObject.orderby.length > 0) return queryObject.orderby;
  const ascending = queryObject.order_desc === false;
  const seriesLimitMetric: QueryMetric | null | undefined = queryObject.series_limit_metric;
  if (seriesLimitMetric) return [[seriesLimitMetric, ascending]];
  const first = queryObject.metrics?.[0];
  return first === undefined ? [] : [[first, ascending]];
}

/**
 * Physical temporal columns (per `temporal_columns_lookup`, or the granularity column) become BASE_AXIS
 * adhoc columns bucketed by `time_grain_sqla`, as the table and pivot table send them; `firstOnly` keeps
 * the table's rule of one bucketed column, moved to the front.
 */
export function applyTimeGrain(
  columns: readonly QueryColumn[],
  formData: FormData,
  firstOnly: boolean,
): QueryColumn[] {
  const timeGrain = asOptionalString(formData.time_grain_sqla);
  const lookup = isRecord(formData.temporal_columns_lookup) ? formData.temporal_columns_lookup : {};
  const granularity = asOptionalString(formData.granularity_sqla);
  if (timeGrain === undefined) return [...columns];
  const isTemporal = (column: QueryColumn): column is string =>
    typeof column === 'string' && (lookup[column] === true || column === granularity);
  const bucket = (column: string): AdhocColumn => ({
    timeGrain,
    columnType: 'BASE_AXIS',
    sqlExpression: column,
    label: column,
    expressionType: 'SQL',
  });
  if (!firstOnly) return columns.map((column) => (isTemporal(column) ? bucket(column) : column));
  const first = columns.find(isTemporal);
  if (first === undefined) return [...columns];
  return [bucket(first), ...columns.filter((column) => column !== first)];
}
