import {
  databaseCreateSchema,
  databaseUpdateSchema,
  testConnectionSchema,
  type Database,
  type DatabaseCreate,
  type DatabaseUpdate,
  type TestConnection,
} from '@tessera/contracts';
import { payloadResult, type PayloadResult } from '../../shared/forms/payload-result';

export interface DatabaseFormValues {
  database_name: string;
  sqlalchemy_uri: string;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_file_upload: boolean;
  disable_data_preview: boolean;
  extra: string;
}

export type DatabaseFlag = Exclude<keyof DatabaseFormValues, 'database_name' | 'sqlalchemy_uri' | 'extra'>;

/** The Advanced section's checkboxes, in display order. */
export const DATABASE_FLAGS: readonly { name: DatabaseFlag; label: string }[] = [
  { name: 'expose_in_sqllab', label: 'Expose database in SQL Lab' },
  { name: 'allow_run_async', label: 'Run queries asynchronously' },
  { name: 'allow_dml', label: 'Allow DML (INSERT, UPDATE, DELETE, ...)' },
  { name: 'allow_ctas', label: 'Allow CREATE TABLE AS' },
  { name: 'allow_cvas', label: 'Allow CREATE VIEW AS' },
  { name: 'allow_file_upload', label: 'Allow file uploads (CSV) to this database' },
  { name: 'disable_data_preview', label: 'Disable SQL Lab data preview queries' },
];

export function emptyDatabaseForm(): DatabaseFormValues {
  return {
    database_name: '',
    sqlalchemy_uri: '',
    expose_in_sqllab: true,
    allow_run_async: false,
    allow_dml: false,
    allow_ctas: false,
    allow_cvas: false,
    allow_file_upload: false,
    disable_data_preview: false,
    extra: '{}',
  };
}

export function databaseFormFrom(database: Database): DatabaseFormValues {
  return {
    database_name: database.database_name,
    sqlalchemy_uri: database.sqlalchemy_uri,
    expose_in_sqllab: database.expose_in_sqllab,
    allow_run_async: database.allow_run_async,
    allow_dml: database.allow_dml,
    allow_ctas: database.allow_ctas,
    allow_cvas: database.allow_cvas,
    allow_file_upload: database.allow_file_upload,
    disable_data_preview: database.disable_data_preview,
    extra: database.extra,
  };
}

/** Why the `extra` text is not acceptable, or undefined when it is a JSON object (blank counts as `{}`). */
export function extraJsonError(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return `Extra is not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? undefined
    : 'Extra must be a JSON object';
}

function normalisedExtra(text: string): string {
  return text.trim() === '' ? '{}' : text;
}

export function toCreatePayload(values: DatabaseFormValues): PayloadResult<DatabaseCreate> {
  return payloadResult(databaseCreateSchema.safeParse({ ...values, extra: normalisedExtra(values.extra) }));
}

/**
 * The PUT body. An unchanged URI still carries the password mask, so it is left out and the server
 * keeps the stored password; an edited URI is sent (a mask left inside it also means "keep").
 */
export function toUpdatePayload(
  values: DatabaseFormValues,
  original: Database,
): PayloadResult<DatabaseUpdate> {
  const { sqlalchemy_uri: uri, ...rest } = values;
  const body = {
    ...rest,
    extra: normalisedExtra(values.extra),
    ...(uri.trim() === original.sqlalchemy_uri ? {} : { sqlalchemy_uri: uri }),
  };
  return payloadResult(databaseUpdateSchema.safeParse(body));
}

/** The test_connection body; when editing, the id lets the server substitute the stored password for the mask. */
export function toTestConnectionPayload(
  values: DatabaseFormValues,
  id: number | undefined,
): PayloadResult<TestConnection> {
  return payloadResult(
    testConnectionSchema.safeParse({
      sqlalchemy_uri: values.sqlalchemy_uri,
      ...(values.database_name.trim() === '' ? {} : { database_name: values.database_name }),
      extra: normalisedExtra(values.extra),
      ...(id === undefined ? {} : { id }),
    }),
  );
}
