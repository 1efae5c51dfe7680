import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError } from '../../platform/errors';
import { fieldErrors } from '../../platform/validation';

/** These views answer errors as `{error}` (reference §2.6), not as the model APIs' `{message}`. */
export const viewError = (status: number, error: string): ApiError => new ApiError(status, { error }, error);

/**
 * The fields of a request as values: form-encoded bodies carry JSON-encoded values (what Superset's client
 * sends), JSON bodies carry the values themselves.
 */
export function bodyFields(request: FastifyRequest): Record<string, unknown> {
  const body: unknown = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw viewError(400, 'The request body must be an object.');
  const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  const fields = new Map<string, unknown>();
  for (const [key, value] of Object.entries(body)) {
    if (!isForm) {
      fields.set(key, value);
      continue;
    }
    if (typeof value !== 'string') throw viewError(400, `Field ${key} is malformed.`);
    try {
      fields.set(key, JSON.parse(value) as unknown);
    } catch {
      throw viewError(400, `Field ${key} is not valid JSON.`);
    }
  }
  return Object.fromEntries(fields);
}

export function parseFields<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = Object.entries(fieldErrors(result.error, input))
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; ');
  throw viewError(400, `Invalid input. ${problems}`);
}
