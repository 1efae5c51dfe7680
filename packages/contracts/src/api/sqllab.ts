import { z } from 'zod';
import { resultRowSchema } from '../is-record';
import { supersetErrorSchema } from '../errors';
import { QUERY_STATES } from '../constants';

export const LIMITING_FACTORS = [
  'DROPDOWN',
  'QUERY',
  'QUERY_AND_DROPDOWN',
  'NOT_LIMITED',
  'UNKNOWN',
] as const;
export type LimitingFactor = (typeof LIMITING_FACTORS)[number];
export const CTAS_METHODS = ['TABLE', 'VIEW'] as const;

const optionalText = (max: number) => z.string().max(max).nullable().optional();

/** POST /api/v1/sqllab/execute/ (reference §2.2). */
export const executeRequestSchema = z
  .object({
    database_id: z.number().int().positive(),
    sql: z.string().min(1).max(1_000_000),
    client_id: z.string().min(1).max(11).nullable().optional(),
    queryLimit: z.number().int().positive().nullable().optional(),
    sql_editor_id: optionalText(100),
    catalog: optionalText(250),
    schema: optionalText(250),
    tab: optionalText(250),
    ctas_method: z.enum(CTAS_METHODS).nullable().optional(),
    templateParams: z.string().max(100_000).nullable().optional(),
    tmp_table_name: optionalText(250),
    tmp_schema_name: optionalText(250),
    select_as_cta: z.boolean().nullable().optional(),
    runAsync: z.boolean().nullable().optional(),
    expand_data: z.boolean().nullable().optional(),
    json: z.boolean().nullable().optional(),
  })
  .strict();
export type ExecuteRequest = z.infer<typeof executeRequestSchema>;

export const resultColumnSchema = z.object({
  column_name: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  type_generic: z.number().int().min(0).max(3).nullable(),
  is_dttm: z.boolean(),
});
export type ResultColumn = z.infer<typeof resultColumnSchema>;

/** Query.to_dict(): the camelCase form every SQL Lab response and poll carries. */
export const queryDictSchema = z.object({
  id: z.string(),
  queryId: z.number().int(),
  serverId: z.number().int(),
  dbId: z.number().int(),
  db: z.string().nullable(),
  sql: z.string(),
  executedSql: z.string().nullable(),
  sqlEditorId: z.string().nullable(),
  tab: z.string().nullable(),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  limit: z.number().int().nullable(),
  limitingFactor: z.enum(LIMITING_FACTORS).nullable(),
  progress: z.number(),
  rows: z.number().int().nullable(),
  state: z.enum(QUERY_STATES),
  ctas: z.boolean(),
  tempSchema: z.string().nullable(),
  tempTable: z.string().nullable(),
  startDttm: z.number().nullable(),
  endDttm: z.number().nullable(),
  changed_on: z.string(),
  errorMessage: z.string().nullable(),
  resultsKey: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  userId: z.number().int().nullable(),
  user: z.string().nullable(),
  extra: z.record(z.string(), z.unknown()),
});
export type QueryDict = z.infer<typeof queryDictSchema>;

/** Sync 200 body of execute, and the body of GET /api/v1/sqllab/results/. */
export const executeResultSchema = z.object({
  query_id: z.number().int(),
  status: z.enum(QUERY_STATES),
  data: z.array(resultRowSchema),
  columns: z.array(resultColumnSchema),
  selected_columns: z.array(resultColumnSchema),
  expanded_columns: z.array(resultColumnSchema),
  query: queryDictSchema,
  displayLimitReached: z.boolean().optional(),
  /**
   * A streamed sync body whose run failed after its first rows were sent ends with status
   * failed / timed_out and the run's SIP-40 errors here (modules/sqllab README, "Streamed results").
   */
  errors: z.array(supersetErrorSchema).optional(),
});
export type ExecuteResult = z.infer<typeof executeResultSchema>;

/** Async 202 body of execute. */
export const executeAcceptedSchema = z.object({ query: queryDictSchema });

export const stopQueryRequestSchema = z.object({ client_id: z.string().min(1).max(11) }).strict();
export const resultsQuerySchema = z
  .object({ key: z.string().min(1).max(200), rows: z.number().int().positive().optional() })
  .strict();
export const updatedSinceQuerySchema = z.object({ last_updated_ms: z.number().nonnegative() }).strict();
export const updatedSinceResponseSchema = z.object({ result: z.array(queryDictSchema) });

export const estimateRequestSchema = z
  .object({
    database_id: z.number().int().positive(),
    sql: z.string().min(1).max(1_000_000),
    template_params: z
      .union([z.record(z.string(), z.unknown()), z.string()])
      .nullable()
      .optional(),
    catalog: optionalText(250),
    schema: optionalText(250),
  })
  .strict();
export const estimateResponseSchema = z.object({ result: z.array(z.record(z.string(), z.unknown())) });

export const formatSqlRequestSchema = z
  .object({
    sql: z.string().max(1_000_000),
    engine: z.string().max(50).nullable().optional(),
    database_id: z.number().int().positive().optional(),
  })
  .strict();
export const formatSqlResponseSchema = z.object({ result: z.string() });

/** The `databases` map entries of GET /api/v1/sqllab/ (reference §2.1). */
export const sqlLabDatabaseSchema = z.object({
  id: z.number().int(),
  database_name: z.string(),
  backend: z.string(),
  allow_file_upload: z.boolean(),
  allow_ctas: z.boolean(),
  allow_cvas: z.boolean(),
  allow_dml: z.boolean(),
  allow_run_async: z.boolean(),
  allows_subquery: z.boolean(),
  expose_in_sqllab: z.boolean(),
  force_ctas_schema: z.string().nullable(),
  disable_data_preview: z.boolean(),
  disable_drill_to_detail: z.boolean(),
  allow_multi_catalog: z.boolean(),
});
export type SqlLabDatabase = z.infer<typeof sqlLabDatabaseSchema>;

export const sqlLabBootstrapSchema = z.object({
  result: z.object({
    tab_state_ids: z.array(z.object({ id: z.number().int(), label: z.string() })),
    active_tab: z.record(z.string(), z.unknown()).nullable(),
    databases: z.record(z.string(), sqlLabDatabaseSchema),
  }),
});

/** GET /api/v1/query/ list item (reference §2.4). */
export const queryListItemSchema = z.object({
  id: z.number().int(),
  changed_on: z.string(),
  client_id: z.string(),
  database: z.object({ id: z.number().int(), database_name: z.string() }),
  executed_sql: z.string().nullable(),
  error_message: z.string().nullable(),
  limit: z.number().int().nullable(),
  limiting_factor: z.string().nullable(),
  progress: z.number(),
  rows: z.number().int().nullable(),
  schema: z.string().nullable(),
  select_as_cta: z.boolean(),
  sql: z.string(),
  sql_editor_id: z.string().nullable(),
  sql_tables: z.array(z.object({ schema: z.string().nullable(), table: z.string() })),
  status: z.enum(QUERY_STATES),
  tab_name: z.string().nullable(),
  user: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  start_time: z.number().nullable(),
  start_running_time: z.number().nullable(),
  end_time: z.number().nullable(),
  tmp_table_name: z.string().nullable(),
  tracking_url: z.string().nullable(),
  results_key: z.string().nullable(),
});
export type QueryListItem = z.infer<typeof queryListItemSchema>;

/** `{errors}` bodies of failed executions; also what a failed query keeps in extra.errors. */
export const executeErrorSchema = z.object({ errors: z.array(supersetErrorSchema) });

export const functionNamesResponseSchema = z.object({ function_names: z.array(z.string()) });
