import { z } from 'zod';

/** SIP-40 error types, in the order the reference lists them. */
export const ERROR_TYPES = [
  'FRONTEND_CSRF_ERROR',
  'FRONTEND_NETWORK_ERROR',
  'FRONTEND_TIMEOUT_ERROR',
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
  'OBJECT_DOES_NOT_EXIST_ERROR',
  'SYNTAX_ERROR',
  'CONNECTION_DATABASE_TIMEOUT',
  'VIZ_GET_DF_ERROR',
  'UNKNOWN_DATASOURCE_TYPE_ERROR',
  'FAILED_FETCHING_DATASOURCE_INFO_ERROR',
  'TABLE_SECURITY_ACCESS_ERROR',
  'DATASOURCE_SECURITY_ACCESS_ERROR',
  'DATABASE_SECURITY_ACCESS_ERROR',
  'QUERY_SECURITY_ACCESS_ERROR',
  'MISSING_OWNERSHIP_ERROR',
  'USER_ACTIVITY_SECURITY_ACCESS_ERROR',
  'DASHBOARD_SECURITY_ACCESS_ERROR',
  'CHART_SECURITY_ACCESS_ERROR',
  'OAUTH2_REDIRECT',
  'OAUTH2_REDIRECT_ERROR',
  'BACKEND_TIMEOUT_ERROR',
  'DATABASE_NOT_FOUND_ERROR',
  'TABLE_NOT_FOUND_ERROR',
  'MISSING_TEMPLATE_PARAMS_ERROR',
  'INVALID_TEMPLATE_PARAMS_ERROR',
  'RESULTS_BACKEND_NOT_CONFIGURED_ERROR',
  'DML_NOT_ALLOWED_ERROR',
  'INVALID_CTAS_QUERY_ERROR',
  'INVALID_CVAS_QUERY_ERROR',
  'SQLLAB_TIMEOUT_ERROR',
  'RESULTS_BACKEND_ERROR',
  'ASYNC_WORKERS_ERROR',
  'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR',
  'INVALID_SQL_ERROR',
  'RESULT_TOO_LARGE_ERROR',
  'GENERIC_COMMAND_ERROR',
  'GENERIC_BACKEND_ERROR',
  'INVALID_PAYLOAD_FORMAT_ERROR',
  'INVALID_PAYLOAD_SCHEMA_ERROR',
  'MARSHMALLOW_ERROR',
  'REPORT_NOTIFICATION_ERROR',
] as const;

export type ErrorType = (typeof ERROR_TYPES)[number];
export const errorTypeSchema = z.enum(ERROR_TYPES);

export const ERROR_LEVELS = ['info', 'warning', 'error'] as const;
export type ErrorLevel = (typeof ERROR_LEVELS)[number];

/** Issue codes and the sentence each one stands for; rendered as "Issue NNNN - <text>". */
export const ISSUE_CODE_TEXTS = {
  1000: 'The dataset is too large to query.',
  1001: 'The database is under an unusual load.',
  1002: 'The database returned an unexpected error.',
  1003: 'There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo.',
  1004: 'The column was deleted or renamed in the database.',
  1005: 'The table was deleted or renamed in the database.',
  1006: 'One or more parameters specified in the query are missing.',
  1007: "The hostname provided can't be resolved.",
  1008: 'The port is closed.',
  1009: "The host might be down, and can't be reached on the provided port.",
  1010: 'The server encountered an error while running a command.',
  1011: 'The server encountered an unexpected error.',
  1012: 'The username provided when connecting to a database is not valid.',
  1013: 'The password provided when connecting to a database is not valid.',
  1014: 'Either the username or the password is wrong.',
  1015: 'Either the database is spelled incorrectly or does not exist.',
  1016: 'The schema was deleted or renamed in the database.',
  1017: 'User does not have the proper permissions.',
  1018: 'One or more parameters needed to configure a database are missing.',
  1019: 'The submitted payload has the incorrect format.',
  1020: 'The submitted payload has the incorrect schema.',
  1021: 'The results backend needed for asynchronous queries is not configured.',
  1022: 'The database does not allow data manipulation.',
  1023: 'The CTAS (create table as select) query does not end with a SELECT statement. Make the last statement a SELECT and run the query again.',
  1024: 'The CVAS (create view as select) query has more than one statement.',
  1025: 'The CVAS (create view as select) query is not a SELECT statement.',
  1026: 'The query is too complex and takes too long to run.',
  1027: 'The database is currently running too many queries.',
  1028: 'One or more parameters specified in the query are malformed.',
  1029: 'The object does not exist in the given database.',
  1030: 'The query has a syntax error.',
  1031: 'The results backend no longer has the data from the query.',
  1032: 'The query associated with the results was deleted.',
  1033: 'The results stored in the backend were stored in a different format and can no longer be deserialized.',
  1034: 'The port number is invalid.',
  1035: 'Failed to start the remote query on a worker.',
  1036: 'The database was deleted.',
  1037: 'Custom SQL fields cannot contain sub-queries.',
  1040: 'The submitted payload failed validation.',
  1041: 'The result size exceeds the allowed limit.',
} as const satisfies Record<number, string>;

export type IssueCode = keyof typeof ISSUE_CODE_TEXTS;

/** Which issue codes an error type carries; types not listed carry none (no extra.issue_codes). */
export const ERROR_TYPE_ISSUE_CODES: Partial<Record<ErrorType, readonly IssueCode[]>> = {
  ADHOC_SUBQUERY_NOT_ALLOWED_ERROR: [1037],
  BACKEND_TIMEOUT_ERROR: [1000, 1001],
  GENERIC_DB_ENGINE_ERROR: [1002],
  COLUMN_DOES_NOT_EXIST_ERROR: [1003, 1004],
  TABLE_DOES_NOT_EXIST_ERROR: [1003, 1005],
  SCHEMA_DOES_NOT_EXIST_ERROR: [1003, 1016],
  MISSING_TEMPLATE_PARAMS_ERROR: [1006],
  INVALID_TEMPLATE_PARAMS_ERROR: [1028],
  RESULTS_BACKEND_NOT_CONFIGURED_ERROR: [1021],
  DML_NOT_ALLOWED_ERROR: [1022],
  CONNECTION_INVALID_HOSTNAME_ERROR: [1007],
  CONNECTION_PORT_CLOSED_ERROR: [1008],
  CONNECTION_HOST_DOWN_ERROR: [1009],
  GENERIC_COMMAND_ERROR: [1010],
  GENERIC_BACKEND_ERROR: [1011],
  CONNECTION_INVALID_USERNAME_ERROR: [1012],
  CONNECTION_INVALID_PASSWORD_ERROR: [1013],
  CONNECTION_ACCESS_DENIED_ERROR: [1014, 1015],
  CONNECTION_UNKNOWN_DATABASE_ERROR: [1015],
  CONNECTION_DATABASE_PERMISSIONS_ERROR: [1017],
  CONNECTION_MISSING_PARAMETERS_ERROR: [1018],
  INVALID_PAYLOAD_FORMAT_ERROR: [1019],
  INVALID_PAYLOAD_SCHEMA_ERROR: [1020],
  INVALID_CTAS_QUERY_ERROR: [1023],
  INVALID_CVAS_QUERY_ERROR: [1024, 1025],
  INVALID_SQL_ERROR: [1003],
  SQLLAB_TIMEOUT_ERROR: [1026, 1027],
  OBJECT_DOES_NOT_EXIST_ERROR: [1029],
  SYNTAX_ERROR: [1030],
  RESULTS_BACKEND_ERROR: [1031, 1032, 1033],
  CONNECTION_INVALID_PORT_ERROR: [1034],
  ASYNC_WORKERS_ERROR: [1035],
  DATABASE_NOT_FOUND_ERROR: [1011, 1036],
  CONNECTION_DATABASE_TIMEOUT: [1001, 1009],
  MARSHMALLOW_ERROR: [1040],
  RESULT_TOO_LARGE_ERROR: [1041],
};

export const issueCodeSchema = z.object({ code: z.number().int(), message: z.string() });
export type IssueCodeItem = z.infer<typeof issueCodeSchema>;

export const supersetErrorSchema = z.object({
  message: z.string(),
  error_type: errorTypeSchema,
  level: z.enum(ERROR_LEVELS),
  extra: z.record(z.string(), z.unknown()).nullable(),
});
export type SupersetError = z.infer<typeof supersetErrorSchema>;

/** `{errors: [...]}`: the rich error body. */
export const errorsBodySchema = z.object({ errors: z.array(supersetErrorSchema) });
export type ErrorsBody = z.infer<typeof errorsBodySchema>;

/** `{message: ...}`: the body of model APIs; field errors arrive as `{field: [messages]}`. */
export const messageBodySchema = z.object({
  message: z.union([z.string(), z.record(z.string(), z.array(z.string()))]),
});
export type MessageBody = z.infer<typeof messageBodySchema>;

export function issueCodesFor(errorType: ErrorType): IssueCodeItem[] {
  return (ERROR_TYPE_ISSUE_CODES[errorType] ?? []).map((code) => ({
    code,
    message: `Issue ${code} - ${ISSUE_CODE_TEXTS[code]}`,
  }));
}

/** Builds a SIP-40 error, filling extra.issue_codes from the mapping as the reference requires. */
export function buildSupersetError(
  errorType: ErrorType,
  message: string,
  extra: Record<string, unknown> | null = null,
  level: ErrorLevel = 'error',
): SupersetError {
  const issueCodes = issueCodesFor(errorType);
  const merged = issueCodes.length > 0 ? { ...(extra ?? {}), issue_codes: issueCodes } : extra;
  return { message, error_type: errorType, level, extra: merged };
}
