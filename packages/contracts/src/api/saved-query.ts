import { z } from 'zod';
import { objectTagsInputSchema, tagRefSchema } from './tag';

/** Saved queries, `/api/v1/saved_query/` (reference §2.5). */

const savedQueryUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});

/** The writable columns of reference §2.5. */
const writable = {
  db_id: z.number().int().positive(),
  label: z.string().trim().min(1, 'Label is required.').max(256),
  description: z.string().max(10_000).nullable(),
  catalog: z.string().max(250).nullable(),
  schema: z.string().max(250).nullable(),
  sql: z.string().max(1_000_000),
  template_parameters: z.string().max(100_000).nullable(),
  extra_json: z.string().max(100_000).nullable(),
};

export const savedQueryCreateSchema = z
  .object({
    db_id: writable.db_id,
    label: writable.label,
    sql: writable.sql,
    description: writable.description.optional(),
    catalog: writable.catalog.optional(),
    schema: writable.schema.optional(),
    template_parameters: writable.template_parameters.optional(),
    extra_json: writable.extra_json.optional(),
  })
  .strict();
export type SavedQueryCreate = z.infer<typeof savedQueryCreateSchema>;

export const savedQueryUpdateSchema = z
  .object({
    db_id: writable.db_id.optional(),
    label: writable.label.optional(),
    sql: writable.sql.optional(),
    description: writable.description.optional(),
    catalog: writable.catalog.optional(),
    schema: writable.schema.optional(),
    template_parameters: writable.template_parameters.optional(),
    extra_json: writable.extra_json.optional(),
    /** Ids or names; replaces the custom tags while TAGGING_SYSTEM is on. */
    tags: objectTagsInputSchema.optional(),
  })
  .strict();
export type SavedQueryUpdate = z.infer<typeof savedQueryUpdateSchema>;

/** One saved query as the list and the show endpoints answer it. */
export const savedQuerySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  description: z.string(),
  sql: z.string(),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  db_id: z.number().int(),
  database: z.object({ id: z.number().int(), database_name: z.string() }),
  template_parameters: z.string().nullable(),
  extra_json: z.string(),
  created_by: savedQueryUserSchema.nullable(),
  changed_by: savedQueryUserSchema.nullable(),
  created_on: z.string(),
  changed_on: z.string(),
  changed_on_delta_humanized: z.string(),
  /** The tables the SQL reads, best effort (Superset's `sql_tables`). */
  sql_tables: z.array(
    z.object({ catalog: z.string().nullable(), schema: z.string().nullable(), table: z.string() }),
  ),
  tags: z.array(tagRefSchema),
});
export type SavedQuery = z.infer<typeof savedQuerySchema>;

/** POST and PUT answer the id and the stored writable columns. */
export const savedQueryWriteResponseSchema = z.object({
  id: z.number().int(),
  result: z.object({
    db_id: z.number().int(),
    label: z.string(),
    description: z.string(),
    catalog: z.string().nullable(),
    schema: z.string().nullable(),
    sql: z.string(),
    template_parameters: z.string().nullable(),
    extra_json: z.string(),
  }),
});
export type SavedQueryWriteResponse = z.infer<typeof savedQueryWriteResponseSchema>;

export const savedQueryShowResponseSchema = z.object({ id: z.number().int(), result: savedQuerySchema });

/** The `q` of bulk delete: `!(1,2,3)`. */
export const savedQueryIdsSchema = z.array(z.number().int().positive()).min(1).max(1000);

export const savedQueryListResponseSchema = z.object({
  count: z.number().int(),
  ids: z.array(z.number().int()),
  result: z.array(savedQuerySchema),
});
export type SavedQueryListResponse = z.infer<typeof savedQueryListResponseSchema>;
