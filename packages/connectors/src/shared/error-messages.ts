import { ConnectorError } from '../types';
import type { ConnectorErrorKind } from '../types';

/** What a connector knows about the connection when an error happens; never the password itself. */
export interface ErrorContext {
  engineName: string;
  hostname?: string;
  port?: number;
  username?: string;
  database?: string;
  /** Only used to scrub the secret out of engine messages. */
  password?: string;
}

export const PASSWORD_SCRUB = 'XXXXXXXXXX';

/** Removes the password from a driver message, in case an engine echoes connection settings. */
export function scrubPassword(message: string, password: string | undefined): string {
  if (!password) return message;
  return message.split(password).join(PASSWORD_SCRUB);
}

/** The first line of an engine message: DuckDB and SQLite append caret diagrams after a newline. */
export function firstLine(message: string): string {
  const line = message.split('\n', 1)[0] ?? message;
  return line.trim();
}

type Params = Record<string, string | number>;

function hostOf(ctx: ErrorContext): string {
  return ctx.hostname ?? 'localhost';
}

/** Builds a ConnectorError whose message is our own English sentence for the kind. */
export function connectorError(
  kind: ConnectorErrorKind,
  ctx: ErrorContext,
  detail: { engineMessage?: string; params?: Params; cause?: unknown } = {},
): ConnectorError {
  const engineMessage = scrubPassword(detail.engineMessage ?? '', ctx.password);
  const params: Params = { ...baseParams(ctx), ...detail.params };
  const message = messageFor(kind, ctx, params, engineMessage);
  return new ConnectorError(kind, message, ctx.engineName, params, { cause: detail.cause });
}

function baseParams(ctx: ErrorContext): Params {
  const params: Params = {};
  if (ctx.hostname !== undefined) params.hostname = ctx.hostname;
  if (ctx.port !== undefined) params.port = ctx.port;
  if (ctx.username !== undefined) params.username = ctx.username;
  if (ctx.database !== undefined) params.database = ctx.database;
  return params;
}

function str(params: Params, key: string, fallback: string): string {
  const value = params[key];
  return value === undefined ? fallback : String(value);
}

function messageFor(
  kind: ConnectorErrorKind,
  ctx: ErrorContext,
  params: Params,
  engineMessage: string,
): string {
  const host = hostOf(ctx);
  const port = str(params, 'port', 'default');
  const user = str(params, 'username', '');
  const database = str(params, 'database', '');
  switch (kind) {
    case 'CONNECTION_INVALID_HOSTNAME_ERROR':
      return `The hostname "${host}" cannot be resolved.`;
    case 'CONNECTION_PORT_CLOSED_ERROR':
      return `Port ${port} on hostname "${host}" refused the connection.`;
    case 'CONNECTION_HOST_DOWN_ERROR':
      return `The host "${host}" might be down, and cannot be reached on port ${port}.`;
    case 'CONNECTION_INVALID_PORT_ERROR':
      return `Port "${port}" is not a valid port number.`;
    case 'CONNECTION_INVALID_PASSWORD_ERROR':
      return `The password provided for username "${user}" is incorrect.`;
    case 'CONNECTION_INVALID_USERNAME_ERROR':
      return `The username "${user}" does not exist.`;
    case 'CONNECTION_ACCESS_DENIED_ERROR':
      return `Either the username "${user}" or the password is incorrect.`;
    case 'CONNECTION_UNKNOWN_DATABASE_ERROR':
      return `Unable to connect to database "${database}".`;
    case 'CONNECTION_DATABASE_PERMISSIONS_ERROR':
      return `The user "${user}" does not have permission to access the database "${database}".`;
    case 'CONNECTION_DATABASE_TIMEOUT':
      return `The connection to the database timed out.`;
    case 'CONNECTION_MISSING_PARAMETERS_ERROR':
      return engineMessage || 'The connection URI is missing required parameters.';
    case 'COLUMN_DOES_NOT_EXIST_ERROR':
      return `The column "${str(params, 'column', '')}" does not exist. (${engineMessage})`;
    case 'TABLE_DOES_NOT_EXIST_ERROR':
      return `The table "${str(params, 'table', '')}" does not exist. (${engineMessage})`;
    case 'SCHEMA_DOES_NOT_EXIST_ERROR':
      return `The schema "${str(params, 'schema', '')}" does not exist. (${engineMessage})`;
    case 'SYNTAX_ERROR':
      return `There is a syntax error in the SQL query: ${engineMessage}`;
    case 'DML_NOT_ALLOWED_ERROR':
      return `The connection is read-only, so the statement was refused by the database: ${engineMessage}`;
    case 'cancelled':
      return 'The query was cancelled.';
    case 'GENERIC_DB_ENGINE_ERROR':
      return `${ctx.engineName} error: ${engineMessage}`;
  }
}
