import {
  DEFAULT_PORTS,
  databaseCreateSchema,
  databaseUpdateSchema,
  isNetworkBackend,
  testConnectionSchema,
  type ConnectionBackend,
  type Database,
  type DatabaseParameters,
  type DatabaseCreate,
  type DatabaseUpdate,
  type TestConnection,
} from '@tessera/contracts';
import { payloadResult, type PayloadResult } from '../../shared/forms/payload-result';
import { backendOfUri } from './engines';

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
  // The connection form's fields (Superset's `parameters`); the URI view ignores them.
  host: string;
  port: string;
  database: string;
  username: string;
  password: string;
  encryption: boolean;
  /** Extra URI query parameters as `name=value&name=value`. */
  query: string;
  file_path: string;
}

export type DatabaseFlag =
  | 'expose_in_sqllab'
  | 'allow_run_async'
  | 'allow_dml'
  | 'allow_ctas'
  | 'allow_cvas'
  | 'allow_file_upload'
  | 'disable_data_preview';

/** How the modal describes the connection: a typed URI, or the form of one engine. */
export type ConnectionView =
  { method: 'sqlalchemy_form' } | { method: 'dynamic_form'; backend: ConnectionBackend };

export const URI_VIEW: ConnectionView = { method: 'sqlalchemy_form' };

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
    ...connectionFieldsFrom(undefined, 'postgresql'),
  };
}

/**
 * The form's values from antd's store (which also keeps fields the current view does not show); a
 * value of the wrong type falls back to the empty form's.
 */
export function formValuesFrom(stored: unknown): DatabaseFormValues {
  const values = emptyDatabaseForm();
  if (typeof stored !== 'object' || stored === null) return values;
  const record = new Map(Object.entries(stored));
  const text = (key: keyof DatabaseFormValues, fallback: string) => {
    const value: unknown = record.get(key);
    return typeof value === 'string' ? value : fallback;
  };
  const flag = (key: keyof DatabaseFormValues, fallback: boolean) => {
    const value: unknown = record.get(key);
    return typeof value === 'boolean' ? value : fallback;
  };
  return {
    database_name: text('database_name', values.database_name),
    sqlalchemy_uri: text('sqlalchemy_uri', values.sqlalchemy_uri),
    expose_in_sqllab: flag('expose_in_sqllab', values.expose_in_sqllab),
    allow_run_async: flag('allow_run_async', values.allow_run_async),
    allow_dml: flag('allow_dml', values.allow_dml),
    allow_ctas: flag('allow_ctas', values.allow_ctas),
    allow_cvas: flag('allow_cvas', values.allow_cvas),
    allow_file_upload: flag('allow_file_upload', values.allow_file_upload),
    disable_data_preview: flag('disable_data_preview', values.disable_data_preview),
    extra: text('extra', values.extra),
    host: text('host', values.host),
    port: text('port', values.port),
    database: text('database', values.database),
    username: text('username', values.username),
    password: text('password', values.password),
    encryption: flag('encryption', values.encryption),
    query: text('query', values.query),
    file_path: text('file_path', values.file_path),
  };
}

/** The connection form's fields for some parameters; blank ones (and the engine's port) when there are none. */
export function connectionFieldsFrom(
  parameters: DatabaseParameters | undefined,
  backend: ConnectionBackend,
): Pick<
  DatabaseFormValues,
  'host' | 'port' | 'database' | 'username' | 'password' | 'encryption' | 'query' | 'file_path'
> {
  const port = parameters?.port ?? (isNetworkBackend(backend) ? DEFAULT_PORTS[backend] : '');
  return {
    host: parameters?.host ?? '',
    port: String(port),
    database: parameters?.database ?? '',
    username: parameters?.username ?? '',
    password: parameters?.password ?? '',
    encryption: parameters?.encryption ?? false,
    query: new URLSearchParams(Object.entries(parameters?.query ?? {})).toString(),
    file_path: parameters?.file_path ?? '',
  };
}

/** The `parameters` the form describes for its engine (the server builds and checks the URI). */
export function parametersOf(values: DatabaseFormValues, backend: ConnectionBackend): DatabaseParameters {
  const query = Object.fromEntries(new URLSearchParams(values.query.trim()));
  if (!isNetworkBackend(backend)) return { file_path: values.file_path.trim(), query };
  const port = values.port.trim();
  return {
    host: values.host.trim(),
    port: /^\d{1,5}$/.test(port) ? Number(port) : port === '' ? null : port,
    database: values.database.trim(),
    username: values.username.trim(),
    password: values.password,
    query,
    encryption: values.encryption,
  };
}

/** What create, update and test_connection send for the connection in the given view. */
function connectionPayload(
  values: DatabaseFormValues,
  view: ConnectionView,
): { sqlalchemy_uri: string } | Pick<DatabaseCreate, 'configuration_method' | 'engine' | 'parameters'> {
  if (view.method === 'sqlalchemy_form') return { sqlalchemy_uri: values.sqlalchemy_uri };
  return {
    configuration_method: 'dynamic_form',
    engine: view.backend,
    parameters: parametersOf(values, view.backend),
  };
}

/** The fields every payload shares: name, Advanced flags and extra. */
function commonFields(values: DatabaseFormValues) {
  return {
    database_name: values.database_name,
    expose_in_sqllab: values.expose_in_sqllab,
    allow_run_async: values.allow_run_async,
    allow_dml: values.allow_dml,
    allow_ctas: values.allow_ctas,
    allow_cvas: values.allow_cvas,
    allow_file_upload: values.allow_file_upload,
    disable_data_preview: values.disable_data_preview,
    extra: normalisedExtra(values.extra),
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
    ...connectionFieldsFrom(database.parameters, backendOfUri(database.sqlalchemy_uri) ?? 'postgresql'),
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

export function toCreatePayload(
  values: DatabaseFormValues,
  view: ConnectionView = URI_VIEW,
): PayloadResult<DatabaseCreate> {
  return payloadResult(
    databaseCreateSchema.safeParse({ ...commonFields(values), ...connectionPayload(values, view) }),
  );
}

/**
 * The PUT body. An unchanged URI still carries the password mask, so it is left out and the server
 * keeps the stored password; an edited URI is sent (a mask left inside it also means "keep"). In the
 * form view the parameters go only when a connection field changed, so an untouched connection keeps
 * its stored URI as written.
 */
export function toUpdatePayload(
  values: DatabaseFormValues,
  original: Database,
  view: ConnectionView = URI_VIEW,
): PayloadResult<DatabaseUpdate> {
  const body = { ...commonFields(values), ...connectionChange(values, original, view) };
  return payloadResult(databaseUpdateSchema.safeParse(body));
}

function connectionChange(values: DatabaseFormValues, original: Database, view: ConnectionView) {
  if (view.method === 'sqlalchemy_form')
    return values.sqlalchemy_uri.trim() === original.sqlalchemy_uri
      ? {}
      : { sqlalchemy_uri: values.sqlalchemy_uri };
  const before = databaseFormFrom(original);
  const same =
    backendOfUri(original.sqlalchemy_uri) === view.backend &&
    JSON.stringify(parametersOf(values, view.backend)) === JSON.stringify(parametersOf(before, view.backend));
  return same ? {} : connectionPayload(values, view);
}

/** The test_connection body; when editing, the id lets the server substitute the stored password for the mask. */
export function toTestConnectionPayload(
  values: DatabaseFormValues,
  id: number | undefined,
  view: ConnectionView = URI_VIEW,
): PayloadResult<TestConnection> {
  return payloadResult(
    testConnectionSchema.safeParse({
      ...connectionPayload(values, view),
      ...(values.database_name.trim() === '' ? {} : { database_name: values.database_name }),
      extra: normalisedExtra(values.extra),
      ...(id === undefined ? {} : { id }),
    }),
  );
}

/** Flags Superset keeps in the database's `extra` JSON rather than in its own columns. */
export const EXTRA_FLAGS = [
  {
    name: 'disable_drill_to_detail',
    label: 'Disable drill to detail',
    tooltip: "Disables the drill to detail feature for this database's charts.",
  },
] as const;
export type ExtraFlag = (typeof EXTRA_FLAGS)[number]['name'];

function extraObject(text: string): Record<string, unknown> | null {
  if (extraJsonError(text) !== undefined) return null;
  const parsed: unknown = JSON.parse(normalisedExtra(text));
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? Object.fromEntries(Object.entries(parsed))
    : null;
}

/** Whether `extra` turns the flag on; null when the text is not a JSON object (the checkbox is disabled). */
export function extraFlagOf(text: string, flag: ExtraFlag): boolean | null {
  const extra = extraObject(text);
  return extra === null ? null : extra[flag] === true;
}

/** `extra` with the flag on (`true`) or left out; text that is not a JSON object comes back unchanged. */
export function withExtraFlag(text: string, flag: ExtraFlag, on: boolean): string {
  const extra = extraObject(text);
  if (extra === null) return text;
  const rest = Object.fromEntries(Object.entries(extra).filter(([key]) => key !== flag));
  return JSON.stringify(on ? { ...rest, [flag]: true } : rest, null, 2);
}
