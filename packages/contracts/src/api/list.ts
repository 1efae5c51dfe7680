import { z } from 'zod';

/** One filter of a rison list query: `(col:name,opr:ct,value:'abc')`. */
export const listFilterSchema = z
  .object({
    col: z.string().min(1).max(100),
    opr: z.string().min(1).max(50),
    value: z.union([
      z.string(),
      z.number(),
      z.boolean(),
      z.null(),
      z.array(z.union([z.string(), z.number()])),
    ]),
  })
  .strict();
export type ListFilter = z.infer<typeof listFilterSchema>;

export const MAX_PAGE_SIZE = 200;
/** `page_size: -1` asks FAB for every row; this server answers the first page of this many instead. */
export const ALL_ROWS_PAGE_SIZE = 1000;

/** The decoded `q=` of a list endpoint (FAB style). */
export const listQuerySchema = z
  .object({
    filters: z.array(listFilterSchema).max(50).default([]),
    order_column: z.string().min(1).max(100).optional(),
    order_direction: z.enum(['asc', 'desc']).default('asc'),
    page: z.number().int().nonnegative().default(0),
    page_size: z.union([z.literal(-1), z.number().int().min(1).max(MAX_PAGE_SIZE)]).default(25),
    columns: z.array(z.string().max(100)).max(100).optional(),
    keys: z.array(z.string().max(50)).max(10).optional(),
  })
  .strict()
  .transform((query) =>
    query.page_size === -1 ? { ...query, page: 0, page_size: ALL_ROWS_PAGE_SIZE } : query,
  );
export type ListQuery = z.infer<typeof listQuerySchema>;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    ids: z.array(z.number().int()),
    result: z.array(item),
  });
}

export const okMessageSchema = z.object({ message: z.string() });
