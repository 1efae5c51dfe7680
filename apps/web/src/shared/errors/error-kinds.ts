import type { ErrorType, SupersetError } from '@tessera/contracts';

/**
 * How an error type is drawn (spec 001 §8 'Error types': a component registered per type renders it;
 * a type with none falls back to the 'Unexpected error' warning box).
 */
export type ErrorKind = 'database' | 'timeout' | 'parameters' | 'validation' | 'frontend' | 'oauth2';

const DATABASE: readonly ErrorType[] = [
  'GENERIC_DB_ENGINE_ERROR',
  'COLUMN_DOES_NOT_EXIST_ERROR',
  'TABLE_DOES_NOT_EXIST_ERROR',
  'SCHEMA_DOES_NOT_EXIST_ERROR',
  'CONNECTION_INVALID_USERNAME_ERROR',
  'CONNECTION_INVALID_PASSWORD_ERROR',
  'CONNECTION_INVALID_HOSTNAME_ERROR',
  'CONNECTION_PORT_CLOSED_ERROR',
  'CONNECTION_INVALID_PORT_ERROR',
  'CONNECTION_HOST_DOWN_ERROR',
  'CONNECTION_ACCESS_DENIED_ERROR',
  'CONNECTION_UNKNOWN_DATABASE_ERROR',
  'CONNECTION_DATABASE_PERMISSIONS_ERROR',
  'CONNECTION_MISSING_PARAMETERS_ERROR',
  'CONNECTION_DATABASE_TIMEOUT',
  'SYNTAX_ERROR',
  'OBJECT_DOES_NOT_EXIST_ERROR',
  'RESULTS_BACKEND_NOT_CONFIGURED_ERROR',
  'DML_NOT_ALLOWED_ERROR',
  'INVALID_CTAS_QUERY_ERROR',
  'INVALID_CVAS_QUERY_ERROR',
  'RESULTS_BACKEND_ERROR',
  'ASYNC_WORKERS_ERROR',
  'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR',
  'INVALID_SQL_ERROR',
  'RESULT_TOO_LARGE_ERROR',
  'GENERIC_COMMAND_ERROR',
  'GENERIC_BACKEND_ERROR',
];

const KINDS: Partial<Record<ErrorType, ErrorKind>> = {
  ...Object.fromEntries(DATABASE.map((type) => [type, 'database'] as const)),
  FRONTEND_TIMEOUT_ERROR: 'timeout',
  BACKEND_TIMEOUT_ERROR: 'timeout',
  SQLLAB_TIMEOUT_ERROR: 'timeout',
  MISSING_TEMPLATE_PARAMS_ERROR: 'parameters',
  INVALID_TEMPLATE_PARAMS_ERROR: 'parameters',
  INVALID_PAYLOAD_FORMAT_ERROR: 'validation',
  INVALID_PAYLOAD_SCHEMA_ERROR: 'validation',
  MARSHMALLOW_ERROR: 'validation',
  FRONTEND_CSRF_ERROR: 'frontend',
  FRONTEND_NETWORK_ERROR: 'frontend',
  OAUTH2_REDIRECT: 'oauth2',
  OAUTH2_REDIRECT_ERROR: 'oauth2',
};

/** The registered rendering of an error type; null when it has none (security access errors, say). */
export function errorKindOf(type: ErrorType): ErrorKind | null {
  return KINDS[type] ?? null;
}

/** The first error that has a registered rendering, with that rendering. */
export function registeredError(
  errors: readonly SupersetError[] | undefined,
): { error: SupersetError; kind: ErrorKind } | null {
  const first = errors?.[0];
  if (first === undefined) return null;
  const kind = errorKindOf(first.error_type);
  return kind === null ? null : { error: first, kind };
}
