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
