import { DATABASE_PARAMETER_FIELDS, type ConnectionBackend, isNetworkBackend } from '@tessera/contracts';
import { z } from 'zod';
import type { ApiError } from '../../shared/api/api-request';
import type { FieldErrors } from '../../shared/forms/payload-result';
import type { ConnectionView } from './database-form';

/** Labels of the connection form's fields, for "… is required" messages. */
export const PARAMETER_LABELS: Record<(typeof DATABASE_PARAMETER_FIELDS)[number], string> = {
  host: 'Host',
  port: 'Port',
  database: 'Database name',
  username: 'Username',
  password: 'Password',
  query: 'Additional parameters',
  encryption: 'SSL',
  file_path: 'File path',
};

const fieldListSchema = z.array(z.enum(DATABASE_PARAMETER_FIELDS)).catch([]);
const namedFieldsSchema = z.object({
  missing: fieldListSchema.optional(),
  invalid: fieldListSchema.optional(),
});

/** SIP-40 errors that name form fields (`extra.missing` / `extra.invalid`) as messages per field. */
export function parameterFieldErrors(error: ApiError | null): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const item of error?.errors ?? []) {
    const named = namedFieldsSchema.safeParse(item.extra ?? {});
    if (!named.success) continue;
    for (const field of named.data.missing ?? [])
      (fieldErrors[field] ??= []).push(`${PARAMETER_LABELS[field]} is required.`);
    for (const field of named.data.invalid ?? []) (fieldErrors[field] ??= []).push(item.message);
  }
  return fieldErrors;
}

/**
 * In the form view the URI is not on screen, so the server's messages about it go to the field they
 * are about: the file path of a file engine, the additional parameters, or the password; others stay
 * unplaced (shown above the footer).
 */
export function relocateUriErrors(fieldErrors: FieldErrors, view: ConnectionView): FieldErrors {
  const uriErrors = fieldErrors.sqlalchemy_uri;
  if (view.method === 'sqlalchemy_form' || uriErrors === undefined) return fieldErrors;
  const { sqlalchemy_uri: _moved, ...rest } = fieldErrors;
  const placed: FieldErrors = { ...rest };
  for (const message of uriErrors) {
    const field = fieldOfUriMessage(message, view.backend);
    (placed[field] ??= []).push(message);
  }
  return placed;
}

function fieldOfUriMessage(message: string, backend: ConnectionBackend): string {
  if (!isNetworkBackend(backend)) return 'file_path';
  if (/connection parameter/i.test(message)) return 'query';
  if (/password/i.test(message)) return 'password';
  return 'connection';
}
