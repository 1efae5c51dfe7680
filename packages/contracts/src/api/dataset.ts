import { z } from 'zod';
import { resultRowSchema } from '../is-record';
import { jsonObjectText } from './chart';
import { datasourceColumnSchema, datasourceMetricSchema } from './explore-datasource';
import { listResponseSchema } from './list';

/** One column of a dataset as the client sends it (from a SQL Lab result) and as GET returns it. */
export const datasetColumnInputSchema = z
  .object({
    column_name: z.string().trim().min(1).max(255),
    type: z.string().max(255).nullable().optional(),
    type_generic: z.number().int().min(0).max(3).nullable().optional(),
    is_dttm: z.boolean().optional(),
  })
  .loose();
export type DatasetColumnInput = z.infer<typeof datasetColumnInputSchema>;

const optionalName = z.string().trim().max(250).nullable().optional();

/** Template parameters travel as JSON text holding an object, as SQL Lab sends them. */
const templateParams = z
  .string()
  .max(65_536)
  .refine(
    (text) => {
      if (text.trim() === '') return true;
      try {
        const parsed: unknown = JSON.parse(text);
        return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
      } catch {
        return false;
      }
    },
    { message: 'Template parameters must be a JSON object.' },
  )
  .nullable()
  .optional();

/**
 * POST /api/v1/dataset/ (reference §4). Unknown keys are tolerated because Superset clients send
 * extras (normalize_columns, always_filter_main_dttm, uuid) that change nothing here.
 */
export const datasetCreateSchema = z
  .object({
    database: z.number().int().positive(),
    table_name: z.string().trim().min(1, 'Dataset name is required.').max(250),
    catalog: optionalName,
    schema: optionalName,
    sql: z.string().max(1_000_000).nullable().optional(),
    template_params: templateParams,
    columns: z.array(datasetColumnInputSchema).max(5000).optional(),
    owners: z.array(z.number().int().positive()).max(100).optional(),
    external_url: z.string().max(1024).nullable().optional(),
    is_managed_externally: z.boolean().optional(),
    normalize_columns: z.boolean().optional(),
    always_filter_main_dttm: z.boolean().optional(),
  })
  .loose();
export type DatasetCreate = z.infer<typeof datasetCreateSchema>;

/** POST /api/v1/dataset/get_or_create/ */
export const datasetGetOrCreateSchema = z
  .object({
    table_name: z.string().trim().min(1, 'Dataset name is required.').max(250),
    database_id: z.number().int().positive(),
    catalog: optionalName,
    schema: optionalName,
    template_params: templateParams,
    normalize_columns: z.boolean().optional(),
    always_filter_main_dttm: z.boolean().optional(),
  })
  .loose();
export type DatasetGetOrCreate = z.infer<typeof datasetGetOrCreateSchema>;

/** A column with its semantic layer (verbose name, calculated expression, groupby/filterable…). */
export const datasetColumnSchema = datasourceColumnSchema;
export type DatasetColumn = z.infer<typeof datasetColumnSchema>;

export const datasetMetricSchema = datasourceMetricSchema;
export type DatasetMetric = z.infer<typeof datasetMetricSchema>;

const userRefSchema = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

/** GET /api/v1/dataset/{id} `result`. */
export const datasetSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  table_name: z.string(),
  name: z.string(),
  datasource_name: z.string(),
  database: z.object({ id: z.number().int(), database_name: z.string(), backend: z.string() }),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  sql: z.string().nullable(),
  template_params: z.string().nullable(),
  is_sqllab_view: z.boolean(),
  kind: z.enum(['virtual', 'physical']),
  select_star: z.string(),
  external_url: z.string().nullable(),
  is_managed_externally: z.boolean(),
  columns: z.array(datasetColumnSchema),
  metrics: z.array(datasetMetricSchema),
  main_dttm_col: z.string().nullable(),
  cache_timeout: z.number().int().nullable(),
  description: z.string().nullable(),
  default_endpoint: z.string().nullable(),
  offset: z.number().int(),
  filter_select_enabled: z.boolean(),
  fetch_values_predicate: z.string().nullable(),
  extra: z.string().nullable(),
  always_filter_main_dttm: z.boolean(),
  normalize_columns: z.boolean(),
  owners: z.array(userRefSchema),
  created_by: userRefSchema.nullable(),
  changed_by: userRefSchema.nullable(),
  created_on: z.string(),
  changed_on: z.string(),
  changed_on_delta_humanized: z.string(),
  /** Explore's fields, as Superset's GET dataset carries them: `<id>__table`. */
  uid: z.string(),
  verbose_map: z.record(z.string(), z.string()),
  /** `[['["col", true]', 'col [asc]'], ['["col", false]', 'col [desc]'], …]` by column name. */
  order_by_choices: z.array(z.tuple([z.string(), z.string()])),
  column_formats: z.record(z.string(), z.string()),
  granularity_sqla: z.array(z.tuple([z.string(), z.string()])),
  time_grain_sqla: z.array(z.tuple([z.string(), z.string()])),
});
export type Dataset = z.infer<typeof datasetSchema>;

/** One row of GET /api/v1/dataset/. */
export const datasetListItemSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  table_name: z.string(),
  database: z.object({ id: z.number().int(), database_name: z.string() }),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  sql: z.string().nullable(),
  kind: z.enum(['virtual', 'physical']),
  explore_url: z.string(),
  owners: z.array(userRefSchema),
  created_by: userRefSchema.nullable(),
  changed_by: userRefSchema.nullable(),
  changed_by_name: z.string(),
  changed_on_utc: z.string(),
  changed_on_delta_humanized: z.string(),
});
export type DatasetListItem = z.infer<typeof datasetListItemSchema>;

export const datasetListResponseSchema = listResponseSchema(datasetListItemSchema);
export type DatasetListResponse = z.infer<typeof datasetListResponseSchema>;

export const datasetShowResponseSchema = z.object({ id: z.number().int(), result: datasetSchema });
export type DatasetShowResponse = z.infer<typeof datasetShowResponseSchema>;

/** 201 of POST /api/v1/dataset/: `result` echoes what was stored, `data` is the full dataset. */
export const datasetCreateResponseSchema = z.object({
  id: z.number().int(),
  result: z.record(z.string(), z.unknown()),
  data: datasetSchema,
});
export type DatasetCreateResponse = z.infer<typeof datasetCreateResponseSchema>;

export const datasetGetOrCreateResponseSchema = z.object({
  result: z.object({ table_id: z.number().int() }),
});
export type DatasetGetOrCreateResponse = z.infer<typeof datasetGetOrCreateResponseSchema>;

const optionalText = (max: number) => z.string().max(max).nullable().optional();

/** One column in PUT /api/v1/dataset/{pk}: with `id` it updates that column, without it adds one. */
export const datasetColumnUpdateSchema = z
  .object({
    id: z.number().int().positive().optional(),
    column_name: z.string().trim().min(1, 'Column name is required.').max(255),
    verbose_name: optionalText(1024),
    description: optionalText(65_536),
    expression: optionalText(65_536),
    type: optionalText(255),
    advanced_data_type: optionalText(255),
    is_dttm: z.boolean().nullable().optional(),
    groupby: z.boolean().nullable().optional(),
    filterable: z.boolean().nullable().optional(),
    is_active: z.boolean().nullable().optional(),
    python_date_format: optionalText(255),
    /** Written into the column's `extra` (`certification.certified_by`); blank removes the certification. */
    certified_by: optionalText(255),
    certification_details: optionalText(65_536),
    /** Written into the column's `extra` as `warning_markdown`; blank removes it. */
    warning_text: optionalText(65_536),
    /** Superset's column `extra`: JSON object text; the fields above, when sent, win over it. */
    extra: jsonObjectText('Column extra', 65_536).nullable().optional(),
  })
  .loose();
export type DatasetColumnUpdate = z.infer<typeof datasetColumnUpdateSchema>;

/** One metric in PUT /api/v1/dataset/{pk}: with `id` it updates that metric, without it adds one. */
export const datasetMetricUpdateSchema = z
  .object({
    id: z.number().int().positive().optional(),
    metric_name: z.string().trim().min(1, 'Metric name is required.').max(255),
    expression: z.string().trim().min(1, 'Metric expression is required.').max(65_536),
    verbose_name: optionalText(1024),
    metric_type: optionalText(32),
    d3format: optionalText(128),
    currency: optionalText(255),
    description: optionalText(65_536),
    certified_by: optionalText(255),
    certification_details: optionalText(65_536),
    warning_text: optionalText(65_536),
    extra: optionalText(65_536),
  })
  .loose();
export type DatasetMetricUpdate = z.infer<typeof datasetMetricUpdateSchema>;

/**
 * PUT /api/v1/dataset/{pk} (reference §4). Absent keys are left alone; `columns`/`metrics`, when
 * sent, are the complete lists (entries missing from them are deleted, as Superset does).
 */
export const datasetUpdateSchema = z
  .object({
    table_name: z.string().trim().min(1, 'Dataset name is required.').max(250).optional(),
    /** Moves the dataset onto another database (which must exist: 422 otherwise). */
    database_id: z.number().int().positive().optional(),
    description: optionalText(65_536),
    main_dttm_col: optionalText(255),
    cache_timeout: z.number().int().min(-1).nullable().optional(),
    sql: z.string().max(1_000_000).nullable().optional(),
    template_params: templateParams,
    owners: z.array(z.number().int().positive()).max(100).optional(),
    default_endpoint: optionalText(1024),
    offset: z.number().int().min(-24).max(24).optional(),
    filter_select_enabled: z.boolean().optional(),
    fetch_values_predicate: optionalText(65_536),
    extra: optionalText(65_536),
    always_filter_main_dttm: z.boolean().optional(),
    normalize_columns: z.boolean().optional(),
    external_url: z.string().max(1024).nullable().optional(),
    columns: z.array(datasetColumnUpdateSchema).max(5000).optional(),
    metrics: z.array(datasetMetricUpdateSchema).max(5000).optional(),
  })
  .loose();
export type DatasetUpdate = z.infer<typeof datasetUpdateSchema>;

/** POST /api/v1/dataset/duplicate */
export const datasetDuplicateSchema = z.object({
  base_model_id: z.number().int().positive(),
  table_name: z.string().trim().min(1, 'Dataset name is required.').max(250),
});
export type DatasetDuplicate = z.infer<typeof datasetDuplicateSchema>;

/** GET /api/v1/dataset/{pk}/related_objects */
export const datasetRelatedObjectsSchema = z.object({
  charts: z.object({
    count: z.number().int(),
    result: z.array(z.object({ id: z.number().int(), slice_name: z.string(), viz_type: z.string() })),
  }),
  dashboards: z.object({
    count: z.number().int(),
    result: z.array(
      z.object({ id: z.number().int(), title: z.string(), json_metadata: z.string().nullable() }),
    ),
  }),
});
export type DatasetRelatedObjects = z.infer<typeof datasetRelatedObjectsSchema>;

/** `result` of POST /datasource/samples */
export const datasetSamplesSchema = z.object({
  data: z.array(resultRowSchema),
  colnames: z.array(z.string()),
  coltypes: z.array(z.number().int()),
  rowcount: z.number().int(),
  total_count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type DatasetSamples = z.infer<typeof datasetSamplesSchema>;
