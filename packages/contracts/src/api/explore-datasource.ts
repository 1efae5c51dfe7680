import { z } from 'zod';

/**
 * The dataset as Explore and the chart data engine see it: Superset's datasource JSON, returned by
 * GET /superset/fetch_datasource_metadata?datasourceKey={id}__{type}, GET /api/v1/explore/ (`dataset`)
 * and in `data` of POST /api/v1/dataset/. Columns and metrics carry the dataset's semantic layer.
 */

export const datasourceColumnSchema = z.object({
  id: z.number().int(),
  column_name: z.string(),
  verbose_name: z.string().nullable(),
  type: z.string().nullable(),
  /** 0 numeric, 1 string, 2 temporal, 3 boolean (GENERIC_DATA_TYPES). */
  type_generic: z.number().int().nullable(),
  /** SQL of a calculated column; null for a physical column. */
  expression: z.string().nullable(),
  is_dttm: z.boolean(),
  groupby: z.boolean(),
  filterable: z.boolean(),
  description: z.string().nullable(),
  python_date_format: z.string().nullable(),
  advanced_data_type: z.string().nullable().optional(),
  /** From the column's `extra` (Superset's `certification` and `warning_markdown`). */
  is_certified: z.boolean().optional(),
  certified_by: z.string().nullable().optional(),
  certification_details: z.string().nullable().optional(),
  warning_text: z.string().nullable().optional(),
  /** JSON object text, as Superset keeps it: `{"certification": {"certified_by", "details"}, "warning_markdown"}`. */
  extra: z.string().nullable().optional(),
});
export type DatasourceColumn = z.infer<typeof datasourceColumnSchema>;

export const datasourceMetricSchema = z.object({
  id: z.number().int(),
  metric_name: z.string(),
  verbose_name: z.string().nullable(),
  expression: z.string(),
  metric_type: z.string().nullable().optional(),
  d3format: z.string().nullable(),
  currency: z.string().nullable().optional(),
  description: z.string().nullable(),
  certified_by: z.string().nullable(),
  certification_details: z.string().nullable(),
  warning_text: z.string().nullable(),
  is_certified: z.boolean().optional(),
});
export type DatasourceMetric = z.infer<typeof datasourceMetricSchema>;

export const exploreDatasourceSchema = z.object({
  id: z.number().int(),
  /** `{id}__{type}` */
  uid: z.string(),
  type: z.enum(['table', 'query', 'dataset', 'sl_table', 'saved_query']),
  name: z.string(),
  datasource_name: z.string(),
  table_name: z.string(),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  database: z
    .object({
      id: z.number().int(),
      database_name: z.string(),
      backend: z.string(),
      /** The database's `extra.disable_drill_to_detail`: its charts offer no drill to detail. */
      disable_drill_to_detail: z.boolean().optional(),
    })
    .loose(),
  /** The SELECT of a virtual dataset; null for a physical table. */
  sql: z.string().nullable(),
  template_params: z.string().nullable(),
  is_sqllab_view: z.boolean(),
  columns: z.array(datasourceColumnSchema),
  metrics: z.array(datasourceMetricSchema),
  main_dttm_col: z.string().nullable(),
  /** `[[column_name, column_name], …]` for the temporal columns. */
  granularity_sqla: z.array(z.tuple([z.string(), z.string()])),
  /** `[[iso_duration, label], …]` supported by the engine. */
  time_grain_sqla: z.array(z.tuple([z.string(), z.string()])),
  verbose_map: z.record(z.string(), z.string()),
  column_formats: z.record(z.string(), z.string()),
  cache_timeout: z.number().int().nullable(),
  offset: z.number().int(),
  default_endpoint: z.string().nullable(),
  filter_select: z.boolean(),
  fetch_values_predicate: z.string().nullable(),
  select_star: z.string(),
  owners: z.array(z.number().int()),
  description: z.string().nullable(),
  edit_url: z.string(),
  extra: z.string().nullable(),
  always_filter_main_dttm: z.boolean(),
  normalize_columns: z.boolean(),
});
export type ExploreDatasource = z.infer<typeof exploreDatasourceSchema>;
