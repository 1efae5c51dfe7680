/** Query states of spec 000 §4. */
export const QUERY_STATES = [
  'started',
  'stopped',
  'failed',
  'pending',
  'running',
  'scheduled',
  'success',
  'fetching',
  'timed_out',
] as const;
export type QueryState = (typeof QUERY_STATES)[number];
export const ACTIVE_QUERY_STATES: readonly QueryState[] = [
  'running',
  'started',
  'pending',
  'fetching',
  'scheduled',
];
export const FINISHED_QUERY_STATES: readonly QueryState[] = ['stopped', 'failed', 'success', 'timed_out'];

export const GENERIC_DATA_TYPES = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;
export type GenericDataType = (typeof GENERIC_DATA_TYPES)[keyof typeof GENERIC_DATA_TYPES];

export const TOAST_TYPES = ['info', 'success', 'warning', 'danger'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
/** Milliseconds a toast of each type stays on screen. */
export const TOAST_DURATIONS: Record<ToastType, number> = {
  info: 4000,
  success: 4000,
  warning: 6000,
  danger: 8000,
};

/** HTTP status phrases the client shows when a body carries no message (spec 000 §8). */
export const HTTP_STATUS_TEXTS: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Unauthorized',
  402: 'Payment required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload too large',
  415: 'Unsupported media type',
  500: 'Server error',
  501: 'Not implemented',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
  599: 'Network error',
};

export const DATASOURCE_TYPES = ['table', 'query', 'dataset', 'sl_table', 'saved_query'] as const;
export type DatasourceType = (typeof DATASOURCE_TYPES)[number];

export const CLIENT_QUERY_ID_LENGTH = 11;
export const MODAL_DEFAULT_WIDTH = 600;
/** Charts per page of GET /api/v1/chart/ from the Charts list and the dashboard's charts pane (spec 001 §9). */
export const CHART_LIST_PAGE_SIZE = 200;
export const SELECT_PAGE_SIZE = 100;
export const SELECT_MAX_VISIBLE_TAGS = 4;
export const SELECT_TAG_MAX_CHARS = 20;
/** A select asks for its next page once the list is scrolled past this share of its height. */
export const SELECT_LAZY_LOAD_THRESHOLD = 0.7;

/** Text of the session-timed-out message that replaces any CSRF failure. */
export const SESSION_TIMED_OUT_MESSAGE = 'Your session timed out, please refresh your page and try again.';

/** Superset's EMAIL_REPORTS_SUBJECT_PREFIX: every report and alert e-mail's subject starts with it. */
export const EMAIL_REPORTS_SUBJECT_PREFIX = '[Report] ';
