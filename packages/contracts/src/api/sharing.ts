import { z } from 'zod';

/** Stored values (a permalink's state, a /kv/ entry) are capped so one request cannot fill the store. */
export const SHARED_VALUE_MAX_BYTES = 1_000_000;

/** Permalink and /kv/ keys: 128 random bits, base64url (22 characters). */
export const sharedKeySchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/);

/** POST /api/v1/sqllab/permalink (reference §2.3). */
export const sqlLabPermalinkRequestSchema = z
  .object({
    dbId: z.number().int().positive(),
    name: z.string().min(1).max(250),
    sql: z.string().max(SHARED_VALUE_MAX_BYTES),
    schema: z.string().max(250).nullable().optional(),
    catalog: z.string().max(250).nullable().optional(),
    templateParams: z.string().max(100_000).nullable().optional(),
    autorun: z.boolean().optional(),
  })
  .strict();
export type SqlLabPermalinkRequest = z.infer<typeof sqlLabPermalinkRequestSchema>;

export const permalinkCreatedSchema = z.object({ key: z.string(), url: z.string() });
export type PermalinkCreated = z.infer<typeof permalinkCreatedSchema>;

/** GET /api/v1/sqllab/permalink/{key}. */
export const sqlLabPermalinkStateSchema = z.object({
  dbId: z.number().int(),
  name: z.string(),
  schema: z.string().nullable(),
  catalog: z.string().nullable(),
  sql: z.string(),
  autorun: z.boolean(),
  templateParams: z.string().nullable(),
});
export type SqlLabPermalinkState = z.infer<typeof sqlLabPermalinkStateSchema>;

/** POST /kv/store/ (spec 000 §7): `data` is the shared query, as an object or its JSON text. */
export const kvStoreRequestSchema = z.object({
  data: z.union([z.string().min(1), z.record(z.string(), z.unknown())]),
});
export type KvStoreRequest = z.infer<typeof kvStoreRequestSchema>;

export const kvStoreResponseSchema = z.object({ id: z.string() });

/** The query a legacy /kv/ link shares; GET /kv/{key} answers with the stored object as it was sent. */
export const kvSharedQuerySchema = z.object({
  dbId: z.number().int(),
  sql: z.string(),
  name: z.string().optional(),
  title: z.string().optional(),
  schema: z.string().nullable().optional(),
  catalog: z.string().nullable().optional(),
  templateParams: z.string().nullable().optional(),
  autorun: z.boolean().optional(),
});
export type KvSharedQuery = z.infer<typeof kvSharedQuerySchema>;
