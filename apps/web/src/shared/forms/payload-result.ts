import type { z } from 'zod';

/** Messages per form field; '_' holds those that belong to no field. */
export type FieldErrors = Record<string, string[]>;

export type PayloadResult<T> = { ok: true; payload: T } | { ok: false; fieldErrors: FieldErrors };

/** A contracts schema's verdict on form values, with its issues grouped by the field they are about. */
export function payloadResult<T>(parsed: z.ZodSafeParseResult<T>): PayloadResult<T> {
  if (parsed.success) return { ok: true, payload: parsed.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : '_';
    (fieldErrors[field] ??= []).push(issue.message);
  }
  return { ok: false, fieldErrors };
}
