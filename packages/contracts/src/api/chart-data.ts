import { z } from 'zod';
import { isRecord, resultRowSchema } from '../is-record';

/**
 * The chart data API (reference §5): the query context that Superset's client library builds
 * (`buildQueryContext`) and the response items. Unknown keys are tolerated on the way in, because
 * Superset clients send fields that change nothing here (annotation_layers, applied_time_extras …).
 */

/** Filter operators of spec 001 §9 and reference §5.2. */
export const FILTER_OPERATORS = [
  '==',
  '!=',
  '>',
  '<',
  '>=',
  '<=',
  'LIKE',
  'NOT LIKE',
  'ILIKE',
  'IS NULL',
  'IS NOT NULL',
  'IN',
  'NOT IN',
  'IS TRUE',
  'IS FALSE',
  'TEMPORAL_RANGE',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Adhoc filters from Explore also use these operator names (SIMPLE filters). */
/** The series that rows beyond a series limit are grouped under (`group_others_when_limit_reached`). */
export const SERIES_OTHERS_LABEL = 'Others';

export const ADHOC_FILTER_OPERATORS = [...FILTER_OPERATORS, 'LATEST PARTITION'] as const;
export type AdhocFilterOperator = (typeof ADHOC_FILTER_OPERATORS)[number];

/** Aggregates of a SIMPLE adhoc metric (spec 001 §9). */
export const METRIC_AGGREGATES = ['AVG', 'COUNT', 'COUNT_DISTINCT', 'MAX', 'MIN', 'SUM'] as const;
export type MetricAggregate = (typeof METRIC_AGGREGATES)[number];

/** The time grain value meaning "no bucketing": the time column as it stands (spec 001 §9 'all'). */
export const NO_TIME_GRAIN = 'all';

/**
 * The granularity list of spec 001 §9, in its order and with its labels: ISO-8601 durations (weeks
 * anchored on a day carry that day), plus 'all' for no grain. '7 days' is seven-day buckets counted
 * from the epoch; 'week' starts on Monday.
 */
export const TIME_GRAINS = [
  { duration: NO_TIME_GRAIN, name: 'all' },
  { duration: 'PT5S', name: '5 seconds' },
  { duration: 'PT30S', name: '30 seconds' },
  { duration: 'PT1M', name: '1 minute' },
  { duration: 'PT5M', name: '5 minutes' },
  { duration: 'PT30M', name: '30 minutes' },
  { duration: 'PT1H', name: '1 hour' },
  { duration: 'PT6H', name: '6 hour' },
  { duration: 'P1D', name: '1 day' },
  { duration: 'P7D', name: '7 days' },
  { duration: 'P1W', name: 'week' },
  { duration: '1969-12-28T00:00:00Z/P1W', name: 'week starting Sunday' },
  { duration: 'P1W/1970-01-03T00:00:00Z', name: 'week ending Saturday' },
  { duration: 'P1M', name: 'month' },
  { duration: 'P3M', name: 'quarter' },
  { duration: 'P1Y', name: 'year' },
] as const;

/**
 * Grains that charts saved by Tessera or Superset before the spec's list may still carry: the SQL kernel
 * keeps bucketing them so those charts keep working, but no control offers them.
 */
export const LEGACY_TIME_GRAINS = [
  { duration: 'PT1S', name: 'Second' },
  { duration: 'PT10M', name: '10 minute' },
  { duration: 'PT15M', name: '15 minute' },
  { duration: '1969-12-29T00:00:00Z/P1W', name: 'Week starting Monday' },
  { duration: 'P1W/1970-01-04T00:00:00Z', name: 'Week ending Sunday' },
] as const;
export type TimeGrain = (typeof TIME_GRAINS)[number]['duration'];

export const NO_TIME_RANGE = 'No filter';

export const CHART_DATA_RESULT_TYPES = [
  'full',
  'results',
  'samples',
  'query',
  'columns',
  'timegrains',
  'post_processed',
  'drill_detail',
] as const;
export type ChartDataResultType = (typeof CHART_DATA_RESULT_TYPES)[number];

export const CHART_DATA_RESULT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ChartDataResultFormat = (typeof CHART_DATA_RESULT_FORMATS)[number];

const sqlText = z.string().max(100_000);
const label = z.string().max(1000);

/** A physical column reference inside an adhoc metric. */
export const metricColumnSchema = z
  .object({
    column_name: z.string().min(1).max(255),
    type: z.string().max(255).nullable().optional(),
  })
  .loose();

/** `{expressionType, aggregate, column, sqlExpression, label, hasCustomLabel, optionName}` */
export const adhocMetricSchema = z
  .object({
    expressionType: z.enum(['SIMPLE', 'SQL']),
    aggregate: z.enum(METRIC_AGGREGATES).nullable().optional(),
    column: metricColumnSchema.nullable().optional(),
    sqlExpression: sqlText.nullable().optional(),
    label: label.optional(),
    hasCustomLabel: z.boolean().optional(),
    optionName: z.string().max(255).optional(),
  })
  .loose();
export type AdhocMetric = z.infer<typeof adhocMetricSchema>;

/** A saved metric is referenced by its name. */
export const queryMetricSchema = z.union([z.string().min(1).max(255), adhocMetricSchema]);
export type QueryMetric = z.infer<typeof queryMetricSchema>;

/** An adhoc (SQL) column; `columnType: 'BASE_AXIS'` marks the x-axis, `timeGrain` buckets it. */
export const adhocColumnSchema = z
  .object({
    sqlExpression: sqlText,
    label: label.optional(),
    expressionType: z.literal('SQL').optional(),
    columnType: z.enum(['BASE_AXIS', 'SERIES']).optional(),
    timeGrain: z.string().max(64).optional(),
    isColumnReference: z.boolean().optional(),
  })
  .loose();
export type AdhocColumn = z.infer<typeof adhocColumnSchema>;

export const queryColumnSchema = z.union([z.string().min(1).max(255), adhocColumnSchema]);
export type QueryColumn = z.infer<typeof queryColumnSchema>;

/** Superset clients write operators in any letter case ("in", "not in"); the canonical form is upper case. */
const filterOperatorSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').toUpperCase() : value),
  // LATEST PARTITION is resolved by the server to `==` the latest partition's value before the query runs.
  z.enum(ADHOC_FILTER_OPERATORS),
);

/** Old clients send `null` for an absent optional field; it means the same as leaving it out. */
const nullAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null ? undefined : value), schema.optional());

const filterValue = z.union([z.string().max(100_000), z.number(), z.boolean(), z.null()]);

/** `{col, op, val, grain?, isExtra?}` */
export const queryFilterSchema = z
  .object({
    col: queryColumnSchema,
    op: filterOperatorSchema,
    val: z.union([filterValue, z.array(filterValue).max(100_000)]).optional(),
    grain: z.string().max(64).optional(),
    isExtra: z.boolean().optional(),
  })
  .loose();
export type QueryFilter = z.infer<typeof queryFilterSchema>;

export const postProcessingStepSchema = z
  .object({
    operation: z.string().min(1).max(64),
    options: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
export type PostProcessingStep = z.infer<typeof postProcessingStepSchema>;

export const queryExtrasSchema = z
  .object({
    where: nullAsAbsent(sqlText),
    having: nullAsAbsent(sqlText),
    time_grain_sqla: z.string().max(64).nullable().optional(),
    relative_start: z.string().max(64).optional(),
    relative_end: z.string().max(64).optional(),
  })
  .loose();
export type QueryExtras = z.infer<typeof queryExtrasSchema>;

/** `[column or metric, ascending]` */
export const orderByItemSchema = z.tuple([z.union([queryMetricSchema, adhocColumnSchema]), z.boolean()]);
export type OrderByItem = z.infer<typeof orderByItemSchema>;

const nonNegativeInt = z.number().int().nonnegative();

/** One query object (reference §5.2 `ChartDataQueryObjectSchema`). */
export const queryObjectSchema = z
  .object({
    columns: z.array(queryColumnSchema).max(1000).optional(),
    /** Deprecated alias of `columns`. */
    groupby: z.array(queryColumnSchema).max(1000).optional(),
    metrics: z.array(queryMetricSchema).max(1000).nullable().optional(),
    filters: z.array(queryFilterSchema).max(1000).optional(),
    orderby: nullAsAbsent(z.array(orderByItemSchema).max(1000)),
    order_desc: z.boolean().optional(),
    row_limit: nonNegativeInt.nullable().optional(),
    row_offset: nonNegativeInt.optional(),
    series_columns: z.array(queryColumnSchema).max(1000).optional(),
    series_limit: nonNegativeInt.optional(),
    series_limit_metric: queryMetricSchema.nullable().optional(),
    group_others_when_limit_reached: z.boolean().optional(),
    timeseries_limit: nonNegativeInt.optional(),
    timeseries_limit_metric: queryMetricSchema.nullable().optional(),
    granularity: z.string().max(255).nullable().optional(),
    granularity_sqla: z.string().max(255).nullable().optional(),
    time_range: z.string().max(1000).nullable().optional(),
    time_shift: z.string().max(255).nullable().optional(),
    time_offsets: z.array(z.string().max(255)).max(20).optional(),
    is_timeseries: z.boolean().optional(),
    extras: queryExtrasSchema.optional(),
    post_processing: z.array(postProcessingStepSchema.nullable()).max(100).optional(),
    result_type: z.enum(CHART_DATA_RESULT_TYPES).optional(),
    url_params: z.record(z.string(), z.string()).optional(),
    applied_time_extras: z.record(z.string(), z.unknown()).optional(),
    annotation_layers: z.array(z.unknown()).optional(),
    is_rowcount: z.boolean().optional(),
    /** Deprecated top-level forms kept by old clients. */
    where: nullAsAbsent(sqlText),
    having: nullAsAbsent(sqlText),
  })
  .loose();

/** `{label}` alone: a reference to a metric by its label, as some Superset clients write one. */
const isLabelReference = (value: unknown): value is { label: string } =>
  isRecord(value) &&
  typeof value.label === 'string' &&
  !('expressionType' in value) &&
  !('sqlExpression' in value) &&
  !('aggregate' in value);

/**
 * Rewrites metric references given as `{label}` into the forms the schema knows: the adhoc metric of
 * this query with that label, else the label itself as a saved metric name (the compiler answers 400
 * "Metric '…' does not exist" when there is none). Applies to metrics, the series limit metrics and
 * the metric half of each orderby pair.
 */
function resolveMetricLabelReferences(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const metrics = Array.isArray(raw.metrics) ? raw.metrics : [];
  const adhocByLabel = new Map<string, unknown>();
  for (const metric of metrics) {
    if (isRecord(metric) && !isLabelReference(metric) && typeof metric.label === 'string')
      adhocByLabel.set(metric.label, metric);
  }
  const resolve = (metric: unknown): unknown =>
    isLabelReference(metric) ? (adhocByLabel.get(metric.label) ?? metric.label) : metric;
  const resolved: Record<string, unknown> = { ...raw };
  if (Array.isArray(raw.metrics)) resolved.metrics = raw.metrics.map(resolve);
  for (const key of ['series_limit_metric', 'timeseries_limit_metric'] as const)
    if (key in raw) resolved[key] = resolve(raw[key]);
  if (Array.isArray(raw.orderby)) {
    resolved.orderby = raw.orderby.map((pair: unknown) =>
      Array.isArray(pair) && pair.length === 2 ? [resolve(pair[0]), pair[1]] : pair,
    );
  }
  return resolved;
}

/** A query object as clients send it, with `{label}` metric references resolved. */
const lenientQueryObjectSchema = z.preprocess(resolveMetricLabelReferences, queryObjectSchema);
export type QueryObject = z.infer<typeof queryObjectSchema>;

export const chartDatasourceRefSchema = z
  .object({
    id: z.union([z.number().int().positive(), z.string().min(1).max(64)]),
    type: z.enum(['table', 'dataset', 'query', 'saved_query', 'view']),
  })
  .loose();
export type ChartDatasourceRef = z.infer<typeof chartDatasourceRefSchema>;

/** POST /api/v1/chart/data body (reference §5.2). */
export const queryContextSchema = z
  .object({
    datasource: chartDatasourceRefSchema,
    queries: z.array(lenientQueryObjectSchema).min(1).max(20),
    force: z.boolean().optional(),
    result_type: z.enum(CHART_DATA_RESULT_TYPES).optional(),
    result_format: z.enum(CHART_DATA_RESULT_FORMATS).optional(),
    /** Seconds; 0 keeps the result until evicted, -1 (Superset's CACHE_DISABLED_TIMEOUT) does not cache it. */
    custom_cache_timeout: z.number().int().min(-1).nullable().optional(),
    form_data: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .loose();
export type QueryContext = z.infer<typeof queryContextSchema>;

/** One item of `result` in the 200 response (reference §5.3, result_type full). */
export const chartDataResultItemSchema = z
  .object({
    cache_key: z.string().nullable(),
    cached_dttm: z.string().nullable(),
    cache_timeout: z.number().nullable(),
    applied_template_filters: z.array(z.string()),
    annotation_data: z.record(z.string(), z.unknown()),
    error: z.string().nullable(),
    is_cached: z.boolean(),
    query: z.string(),
    status: z.string(),
    stacktrace: z.string().nullable(),
    rowcount: z.number().int(),
    sql_rowcount: z.number().int(),
    from_dttm: z.number().nullable(),
    to_dttm: z.number().nullable(),
    label_map: z.record(z.string(), z.array(z.string())),
    colnames: z.array(z.string()),
    indexnames: z.array(z.unknown()),
    coltypes: z.array(z.number().int()),
    data: z.array(resultRowSchema),
    result_format: z.string(),
    applied_filters: z.array(z.object({ column: z.string() }).loose()),
    rejected_filters: z.array(z.object({ column: z.string(), reason: z.string() }).loose()),
  })
  .partial()
  .loose();
export type ChartDataResultItem = z.infer<typeof chartDataResultItemSchema>;

export const chartDataResponseSchema = z.object({ result: z.array(chartDataResultItemSchema) });
export type ChartDataResponse = z.infer<typeof chartDataResponseSchema>;

/**
 * The legacy chart data views, `GET|POST /superset/explore_json/[<type>/<id>/]` and `POST /explore/`
 * (spec 001 §7, reference §7): the answer is picked by the first of these query flags set to `true`,
 * in Superset's order (its result formats, then its result types); none means the full payload.
 */
export const LEGACY_CHART_DATA_RESPONSE_OPTIONS = [
  'csv',
  'json',
  'xlsx',
  'columns',
  'full',
  'query',
  'results',
  'samples',
  'timegrains',
  'post_processed',
  'drill_detail',
] as const;
export type LegacyChartDataResponseOption = (typeof LEGACY_CHART_DATA_RESPONSE_OPTIONS)[number];

/** Their query string: `form_data=<json>`, `force=true` and the flags above; a repeated key counts once. */
export const legacyChartDataQuerySchema = z.record(
  z.string(),
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? (value[0] ?? '') : value)),
);

/** Legacy form data: one JSON object, whatever its keys (the viz type's buildQuery reads them). */
export const legacyFormDataSchema = z.record(z.string(), z.unknown());
export type LegacyFormData = z.infer<typeof legacyFormDataSchema>;

/** The typed path `/superset/explore_json/<datasource_type>/<datasource_id>/`. */
export const legacyChartDataPathSchema = z.object({
  datasource_type: z.string().min(1).max(64),
  datasource_id: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
});

/** The legacy payload (Superset's viz `get_payload`): one query's rows and its metadata. */
export const legacyChartDataPayloadSchema = z
  .object({
    cache_key: z.string().nullable(),
    cached_dttm: z.string().nullable(),
    cache_timeout: z.number().nullable(),
    error: z.string().nullable(),
    errors: z.array(z.object({ message: z.string(), error_type: z.string() }).loose()),
    form_data: legacyFormDataSchema,
    is_cached: z.boolean(),
    query: z.string(),
    from_dttm: z.number().nullable(),
    to_dttm: z.number().nullable(),
    status: z.string(),
    stacktrace: z.string().nullable(),
    rowcount: z.number().int(),
    colnames: z.array(z.string()).nullable(),
    coltypes: z.array(z.number().int()).nullable(),
    data: z.array(resultRowSchema),
    applied_filters: z.array(z.object({ column: z.string() }).loose()),
    rejected_filters: z.array(z.object({ column: z.string(), reason: z.string() }).loose()),
  })
  .partial()
  .loose();
export type LegacyChartDataPayload = z.infer<typeof legacyChartDataPayloadSchema>;
