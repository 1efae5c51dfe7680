import { z } from 'zod';
import { queryDictSchema } from './sqllab';

/** `TableSchema` JSON of the tab persistence views (reference §2.1, §2.6). */
export const tableSchemaDictSchema = z.object({
  id: z.number().int(),
  tab_state_id: z.number().int(),
  database_id: z.number().int(),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  table: z.string(),
  /** The table object the client posted, JSON-decoded. */
  description: z.record(z.string(), z.unknown()),
  expanded: z.boolean(),
});
export type TableSchemaDict = z.infer<typeof tableSchemaDictSchema>;

/** `TabState.to_dict()`: GET /tabstateview/{id} and `active_tab` of GET /api/v1/sqllab/. */
export const tabStateSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  label: z.string(),
  active: z.boolean(),
  database_id: z.number().int().nullable(),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  table_schemas: z.array(tableSchemaDictSchema),
  sql: z.string(),
  query_limit: z.number().int().nullable(),
  latest_query: queryDictSchema.nullable(),
  autorun: z.boolean(),
  template_params: z.string().nullable(),
  hide_left_bar: z.boolean(),
  saved_query: z.object({ id: z.number().int() }).nullable(),
  /** JSON text; SQL Lab keeps `updatedAt` and `version` in it. */
  extra_json: z.string().nullable(),
});
export type TabState = z.infer<typeof tabStateSchema>;

/** POST /tabstateview/ and POST /tableschemaview/ answer the new id. */
export const createdIdSchema = z.object({ id: z.number().int() });

/** POST /tableschemaview/{id}/expanded */
export const tableExpandedSchema = z.object({ id: z.number().int(), expanded: z.boolean() });

/** PUT, DELETE, activate and migrate_query answer a bare JSON value (the id or "OK"). */
export const viewAckSchema = z.union([z.number(), z.string()]);

// Request bodies of the tab persistence views (form fields holding JSON, parsed by the server).

const text = (max: number) => z.string().max(max);
const optionalId = z.number().int().positive().nullable().optional();

/** POST /tabstateview/ `queryEditor`: the client's query editor; other client fields are ignored. */
export const tabStateEditorSchema = z.object({
  name: text(256).optional(),
  title: text(256).optional(),
  dbId: optionalId,
  catalog: text(256).nullable().optional(),
  schema: text(256).nullable().optional(),
  sql: text(1_000_000).optional(),
  queryLimit: z.number().int().positive().nullable().optional(),
  hideLeftBar: z.boolean().optional(),
  remoteId: optionalId,
  templateParams: text(100_000).nullable().optional(),
  autorun: z.boolean().optional(),
});

/** PUT /tabstateview/{id}: the tab fields to change. */
export const tabStateUpdateSchema = z
  .object({
    database_id: optionalId,
    catalog: text(256).nullable().optional(),
    schema: text(256).nullable().optional(),
    sql: text(1_000_000).optional(),
    label: text(256).optional(),
    query_limit: z.number().int().positive().nullable().optional(),
    latest_query_id: text(11).nullable().optional(),
    template_params: text(100_000).nullable().optional(),
    hide_left_bar: z.boolean().optional(),
    autorun: z.boolean().optional(),
    saved_query_id: optionalId,
    extra_json: z.union([text(100_000), z.record(z.string(), z.unknown())]).optional(),
  })
  .strict();

/** POST /tableschemaview/ `table`: a table panel of a tab. */
export const tableSchemaInputSchema = z.object({
  queryEditorId: z.union([z.number().int().positive(), z.string().regex(/^\d{1,12}$/)]).transform(Number),
  dbId: z.number().int().positive(),
  catalog: text(256).nullable().optional(),
  schema: text(256).nullable().optional(),
  name: text(256).min(1),
  expanded: z.boolean().optional(),
});

/** POST /tabstateview/{id}/migrate_query: the client id of a query run before the tab was saved. */
export const tabStateMigrateQuerySchema = z.object({ queryId: z.string().min(1).max(11) });

/** POST /tableschemaview/{id}/expanded. */
export const tableSchemaExpandedSchema = z.object({ expanded: z.boolean() });

export type TabStateEditorInput = z.infer<typeof tabStateEditorSchema>;
export type TabStateUpdate = z.infer<typeof tabStateUpdateSchema>;
export type TableSchemaInput = z.infer<typeof tableSchemaInputSchema>;
