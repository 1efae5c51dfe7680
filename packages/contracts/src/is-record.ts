import { z } from 'zod';

/** True for a plain JSON object (not null, not an array): the one guard every package narrows input with. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One row of a result (column name → value). Checked as an object and kept as it is: `z.record` would copy
 * every row key by key, which for a chart's or a query's rows costs more than the rest of the response.
 */
export const resultRowSchema = z.custom<Record<string, unknown>>(isRecord, 'Expected a row object');
