import { z } from 'zod';
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
