import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError, messageError } from './errors';
import { decodeRison } from './rison';

/** Field -> messages, the marshmallow-style body that Superset clients read. */
/** Whether the value at `path` is absent from the raw input (own properties only). */
function isAbsent(input: unknown, path: readonly PropertyKey[]): boolean {
  let current: unknown = input;
  for (const key of path) {
    if (
      typeof current !== 'object' ||
      current === null ||
      !Object.prototype.hasOwnProperty.call(current, key)
    )
      return true;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current === undefined;
}

export function fieldErrors(error: z.ZodError, input: unknown): Record<string, string[]> {
  // A Map, not an object literal: field names such as "constructor" or "__proto__" come from the client.
  const byField = new Map<string, string[]>();
  const add = (field: string, text: string) => {
    const list = byField.get(field) ?? [];
    list.push(text);
    byField.set(field, list);
  };
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const unknownKey of issue.keys) add([...path, unknownKey].join('.'), 'Unknown field.');
    } else {
      const missing = issue.code === 'invalid_type' && isAbsent(input, issue.path);
      add(
        path.length > 0 ? path.join('.') : '_schema',
        missing ? 'Missing data for required field.' : issue.message,
      );
    }
  }
  return Object.fromEntries(byField);
}

/** Parses outside data with its schema; a mismatch is the client's mistake: 400 with field messages. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw messageError(400, fieldErrors(result.error, input));
  return result.data;
}

/** Decodes the rison `q` parameter (absent means an empty object) and parses it. */
export function parseRisonQuery<T extends z.ZodType>(schema: T, q: unknown): z.infer<T> {
  if (q === undefined || q === '') return parseInput(schema, {});
  if (typeof q !== 'string') throw messageError(400, 'Not a valid rison argument');
  let decoded: unknown;
  try {
    decoded = decodeRison(q);
  } catch {
    throw messageError(400, 'Not a valid rison argument');
  }
  return parseInput(schema, decoded);
}

/** Integer path ids; anything else is a 404 as if the object did not exist. */
export function parseId(raw: unknown, what = 'Not found'): number {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,14}$/.test(raw)) throw messageError(404, what);
  return Number(raw);
}

/** The raw rison `q` of a request's query string, for parseRisonQuery. */
export const risonParam = (request: FastifyRequest): unknown => (request.query as { q?: unknown }).q;

/** The `:id` path parameter as an id (parseId). */
export const idParam = (request: FastifyRequest): number => parseId((request.params as { id?: unknown }).id);

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
