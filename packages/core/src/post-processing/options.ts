import { z } from 'zod';

/** Option shapes shared by several operations, as @superset-ui/chart-controls sends them. */
export const columnName = z.string().min(1).max(1000);

/** `{source: target}`: the result of `source` goes to `target` (the same name replaces the column). */
export const columnMapping = z.record(columnName, columnName);

export const aggregateSpec = z
  .object({
    operator: z.string().min(1).max(64),
    column: columnName.optional(),
    options: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
export type AggregateSpec = z.infer<typeof aggregateSpec>;

export const aggregatesOption = z.record(columnName, aggregateSpec);

export const stringOrList = z.union([columnName, z.array(columnName)]);
export const toList = (value: string | string[] | null | undefined): string[] =>
  value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
