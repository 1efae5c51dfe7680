import { GENERIC_DATA_TYPES, QUERY_STATES } from '@tessera/contracts';
import { z } from 'zod';

const LIMITING_FACTORS = ['DROPDOWN', 'QUERY', 'QUERY_AND_DROPDOWN', 'NOT_LIMITED', 'UNKNOWN'] as const;
const limitingFactorSchema = z.enum(LIMITING_FACTORS).catch('UNKNOWN');
const epochMsSchema = z.union([z.number(), z.string()]);

/**
 * A query as the server reports it (`Query.to_dict()`, reference §2.2), e.g. in
 * `GET /api/v1/query/updated_since`. `id` is the client id; times may arrive as numbers or strings.
 */
export const serverQuerySchema = z.object({
  id: z.string(),
  state: z.enum(QUERY_STATES),
  dbId: z.number().int().optional(),
  sql: z.string().optional(),
  executedSql: z.string().nullish(),
  sqlEditorId: z.string().nullish(),
  tab: z.string().nullish(),
  catalog: z.string().nullish(),
  schema: z.string().nullish(),
  ctas: z.boolean().optional(),
  tempTable: z.string().nullish(),
  tempSchema: z.string().nullish(),
  limit: z.number().int().nullish(),
  limitingFactor: limitingFactorSchema.nullish(),
  progress: z.number().optional(),
  rows: z.number().int().nullish(),
  startDttm: epochMsSchema.nullish(),
  endDttm: epochMsSchema.nullish(),
  resultsKey: z.string().nullish(),
  errorMessage: z.string().nullish(),
  trackingUrl: z.string().nullish(),
  changed_on: z.string().nullish(),
  extra: z.record(z.string(), z.unknown()).nullish(),
});
export type ServerQuery = z.infer<typeof serverQuerySchema>;

export const updatedSinceResponseSchema = z.object({ result: z.array(serverQuerySchema) });

const resultColumnSchema = z.object({
  column_name: z.string(),
  name: z.string().optional(),
  type: z.string().nullable().catch(null),
  is_dttm: z.boolean().catch(false),
  type_generic: z.literal(Object.values(GENERIC_DATA_TYPES)).nullable().catch(null),
});

/** Body of a sync execute or of `GET /api/v1/sqllab/results/` (reference §2.2, §2.3). */
export const resultsPayloadSchema = z.object({
  status: z.enum(QUERY_STATES),
  data: z.array(z.record(z.string(), z.unknown())),
  columns: z.array(resultColumnSchema),
  selected_columns: z.array(resultColumnSchema).optional(),
  expanded_columns: z.array(resultColumnSchema).optional(),
  displayLimitReached: z.boolean().optional(),
  query: z
    .object({
      rows: z.number().int().nullish(),
      limitingFactor: limitingFactorSchema.nullish(),
      tempSchema: z.string().nullish(),
      tempTable: z.string().nullish(),
      resultsKey: z.string().nullish(),
      executedSql: z.string().nullish(),
      startDttm: epochMsSchema.nullish(),
      endDttm: epochMsSchema.nullish(),
    })
    .optional(),
});
export type ResultsPayload = z.infer<typeof resultsPayloadSchema>;
