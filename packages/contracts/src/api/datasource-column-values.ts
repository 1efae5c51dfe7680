import { z } from 'zod';

/**
 * Of Superset's datasource types (DATASOURCE_TYPES) only datasets — `table`, and its newer name
 * `dataset` — have column values here; the others answer 400 as types this endpoint does not serve.
 */
export const COLUMN_VALUES_DATASOURCE_TYPES = ['table', 'dataset'] as const;

/** The path of GET /api/v1/datasource/<datasource_type>/<datasource_id>/column/<column_name>/values/. */
export const columnValuesParamsSchema = z.object({
  datasource_type: z.string().max(64),
  datasource_id: z.string().max(20),
  column_name: z.string().min(1).max(1000),
});

/** One distinct value as JSON carries it; temporal values come as epoch milliseconds, NULL as null. */
export const columnValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ColumnValue = z.infer<typeof columnValueSchema>;

/** The column's distinct values, sorted, at most FILTER_SELECT_ROW_LIMIT of them. */
export const columnValuesResponseSchema = z.object({ result: z.array(columnValueSchema) });
export type ColumnValuesResponse = z.infer<typeof columnValuesResponseSchema>;
