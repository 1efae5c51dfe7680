import { z } from 'zod';
import { scheduledQueriesConfSchema } from './scheduled-queries';

/**
 * The application constants of the spec with the reference's defaults. Every key may be overridden in
 * the config file; the whitelisted ones reach the browser in the bootstrap payload.
 */
export const appConstantsSchema = z
  .object({
    DEFAULT_SQLLAB_LIMIT: z.number().int().positive().default(1000),
    SQL_MAX_ROW: z.number().int().positive().default(100_000),
    DISPLAY_MAX_ROW: z.number().int().positive().default(10_000),
    SQLLAB_TIMEOUT: z.number().positive().default(30),
    SQLLAB_ASYNC_TIME_LIMIT_SEC: z.number().int().positive().default(21_600),
    SQLLAB_QUERY_RESULT_TIMEOUT: z.number().nonnegative().default(0),
    SQLLAB_QUERY_COST_ESTIMATE_TIMEOUT: z.number().positive().default(10),
    SUPERSET_WEBSERVER_TIMEOUT: z.number().positive().default(60),
    SQLLAB_DEFAULT_DBID: z.number().int().positive().nullable().default(null),
    ROW_LIMIT: z.number().int().positive().default(50_000),
    SAMPLES_ROW_LIMIT: z.number().int().positive().default(1000),
    NATIVE_FILTER_DEFAULT_ROW_LIMIT: z.number().int().positive().default(1000),
    FILTER_SELECT_ROW_LIMIT: z.number().int().positive().default(10_000),
    QUERY_SEARCH_LIMIT: z.number().int().positive().default(1000),
    CACHE_DEFAULT_TIMEOUT: z.number().int().nonnegative().default(86_400),
    DEFAULT_TIME_FILTER: z.string().default('No filter'),
    SQLLAB_CTAS_NO_LIMIT: z.boolean().default(false),
    SQLLAB_PAYLOAD_MAX_MB: z.number().positive().nullable().default(null),
    /**
     * Extra hostnames serving this app, comma-separated: chart-data requests of a dashboard are spread
     * over them (domain sharding, spec 001 §9). Empty: every request goes to the page's own origin.
     */
    SUPERSET_WEBSERVER_DOMAINS: z.string().max(10_000).default(''),
    /** The schedule form of SQL Lab's 'Schedule query' action; null: no such action (spec 000 §2, §8). */
    SCHEDULED_QUERIES: scheduledQueriesConfSchema.default(null),
    // Alerts and reports (reference §14). Intervals and windows are seconds.
    ALERT_REPORTS_CRON_WINDOW_SIZE: z.number().int().positive().default(59),
    ALERT_REPORTS_DEFAULT_WORKING_TIMEOUT: z.number().int().positive().default(3600),
    ALERT_REPORTS_DEFAULT_RETENTION: z.number().int().positive().default(90),
    ALERT_REPORTS_DEFAULT_CRON_VALUE: z.string().min(1).max(1000).default('0 0 * * *'),
    ALERT_REPORTS_WORKING_TIME_OUT_KILL: z.boolean().default(true),
    ALERT_REPORTS_WORKING_TIME_OUT_LAG: z.number().int().nonnegative().default(10),
    ALERT_REPORTS_WORKING_SOFT_TIME_OUT_LAG: z.number().int().nonnegative().default(1),
    /** The shortest gap allowed between two runs of one alert (0: no limit). */
    ALERT_MINIMUM_INTERVAL: z.number().int().nonnegative().default(0),
    /** The shortest gap allowed between two runs of one report (0: no limit). */
    REPORT_MINIMUM_INTERVAL: z.number().int().nonnegative().default(0),
    ALERT_REPORTS_MIN_CUSTOM_SCREENSHOT_WIDTH: z.number().int().positive().default(600),
    ALERT_REPORTS_MAX_CUSTOM_SCREENSHOT_WIDTH: z.number().int().positive().default(2400),
    ALERT_REPORTS_NOTIFICATION_DRY_RUN: z.boolean().default(false),
    ALERT_REPORTS_QUERY_EXECUTION_MAX_TRIES: z.number().int().positive().default(1),
    EMAIL_REPORTS_SUBJECT_PREFIX: z.string().max(200).default('[Report] '),
    /** Reference §14: the Action Log (GET /api/v1/log/ and its page); events are written either way. */
    SUPERSET_LOG_VIEW: z.boolean().default(true),
    /** Days a `logs` row is kept (Tessera's own setting; Superset keeps them forever). 0: forever. */
    LOG_RETENTION_DAYS: z.number().int().nonnegative().default(90),
    // Embedding (reference §14 GUEST_TOKEN_*, flag EMBEDDED_SUPERSET).
    /** The role whose row level security rules a guest falls under (Superset's GUEST_ROLE_NAME). */
    GUEST_ROLE_NAME: z.string().min(1).max(64).default('Public'),
    GUEST_TOKEN_JWT_ALGO: z.literal('HS256').default('HS256'),
    GUEST_TOKEN_JWT_EXP_SECONDS: z.number().int().positive().max(86_400).default(300),
    GUEST_TOKEN_HEADER_NAME: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/)
      .default('X-GuestToken'),
    /** The `aud` claim of guest tokens; null: `tessera`. */
    GUEST_TOKEN_JWT_AUDIENCE: z.string().min(1).max(255).nullable().default(null),
    // Global async queries (reference §6, §14; flag GLOBAL_ASYNC_QUERIES). The token's key is derived
    // from the secret key, so Superset's GLOBAL_ASYNC_QUERIES_JWT_SECRET has no counterpart.
    GLOBAL_ASYNC_QUERIES_TRANSPORT: z.enum(['polling', 'ws']).default('polling'),
    /** Milliseconds between two reads of GET /api/v1/async_event/ by the browser. */
    GLOBAL_ASYNC_QUERIES_POLLING_DELAY: z.number().int().positive().default(500),
    /** Where browsers open the WebSocket; empty: this server's own `/ws` (Tessera serves it itself). */
    GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: z.string().max(2000).default(''),
    GLOBAL_ASYNC_QUERIES_JWT_COOKIE_NAME: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,100}$/)
      .default('async-token'),
    /** Secure is also set whenever the session cookie is (TESSERA_COOKIE_SECURE). */
    GLOBAL_ASYNC_QUERIES_JWT_COOKIE_SECURE: z.boolean().default(false),
    GLOBAL_ASYNC_QUERIES_JWT_COOKIE_SAMESITE: z.enum(['None', 'Lax', 'Strict']).nullable().default(null),
    GLOBAL_ASYNC_QUERIES_JWT_COOKIE_DOMAIN: z.string().max(255).nullable().default(null),
    GLOBAL_ASYNC_QUERIES_REDIS_STREAM_PREFIX: z.string().max(100).default('async-events-'),
    /** Events kept per channel stream (and in memory without Redis). */
    GLOBAL_ASYNC_QUERIES_REDIS_STREAM_LIMIT: z.number().int().positive().default(1000),
    /** Events kept in the stream of every channel together, which WebSocket servers follow. */
    GLOBAL_ASYNC_QUERIES_REDIS_STREAM_LIMIT_FIREHOSE: z.number().int().positive().default(1_000_000),
  })
  .strict();
export type AppConstants = z.infer<typeof appConstantsSchema>;

/** Feature flags of reference §14 with their defaults. */
export const featureFlagsSchema = z
  .object({
    SQLLAB_BACKEND_PERSISTENCE: z.boolean().default(true),
    DASHBOARD_VIRTUALIZATION: z.boolean().default(true),
    ALERTS_ATTACH_REPORTS: z.boolean().default(true),
    EMBEDDABLE_CHARTS: z.boolean().default(true),
    DRILL_TO_DETAIL: z.boolean().default(true),
    DRILL_BY: z.boolean().default(true),
    AVOID_COLORS_COLLISION: z.boolean().default(true),
    CSS_TEMPLATES: z.boolean().default(true),
    GLOBAL_ASYNC_QUERIES: z.boolean().default(false),
    DASHBOARD_RBAC: z.boolean().default(false),
    EMBEDDED_SUPERSET: z.boolean().default(false),
    /** On by default in Tessera (off in Superset): the report API answers 404 without it. */
    ALERT_REPORTS: z.boolean().default(true),
    ALERT_REPORT_TABS: z.boolean().default(false),
    ENABLE_TEMPLATE_PROCESSING: z.boolean().default(false),
    ENABLE_JAVASCRIPT_CONTROLS: z.boolean().default(false),
    THUMBNAILS: z.boolean().default(false),
    TAGGING_SYSTEM: z.boolean().default(false),
    ESTIMATE_QUERY_COST: z.boolean().default(false),
    SQLLAB_FORCE_RUN_ASYNC: z.boolean().default(false),
    RLS_IN_SQLLAB: z.boolean().default(false),
    ALLOW_ADHOC_SUBQUERY: z.boolean().default(false),
    ALLOW_FULL_CSV_EXPORT: z.boolean().default(false),
    CACHE_QUERY_BY_USER: z.boolean().default(false),
    DATE_RANGE_TIMESHIFTS_ENABLED: z.boolean().default(false),
    ESCAPE_MARKDOWN_HTML: z.boolean().default(false),
    FILTERBAR_CLOSED_BY_DEFAULT: z.boolean().default(false),
    DATAPANEL_CLOSED_BY_DEFAULT: z.boolean().default(false),
  })
  .strict();
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

/** Constants the browser receives (the reference's FRONTEND_CONF_KEYS that exist here). */
export const FRONTEND_CONF_KEYS = [
  'SUPERSET_WEBSERVER_TIMEOUT',
  'DEFAULT_SQLLAB_LIMIT',
  'SQL_MAX_ROW',
  'DISPLAY_MAX_ROW',
  'SQLLAB_DEFAULT_DBID',
  'SAMPLES_ROW_LIMIT',
  'SQLLAB_QUERY_RESULT_TIMEOUT',
  'NATIVE_FILTER_DEFAULT_ROW_LIMIT',
  'DEFAULT_TIME_FILTER',
  'ROW_LIMIT',
  'SUPERSET_WEBSERVER_DOMAINS',
  'SCHEDULED_QUERIES',
  'ALERT_REPORTS_DEFAULT_WORKING_TIMEOUT',
  'ALERT_REPORTS_DEFAULT_RETENTION',
  'ALERT_REPORTS_DEFAULT_CRON_VALUE',
  'ALERT_REPORTS_MIN_CUSTOM_SCREENSHOT_WIDTH',
  'ALERT_REPORTS_MAX_CUSTOM_SCREENSHOT_WIDTH',
  'SUPERSET_LOG_VIEW',
  'GUEST_TOKEN_HEADER_NAME',
  'GLOBAL_ASYNC_QUERIES_TRANSPORT',
  'GLOBAL_ASYNC_QUERIES_POLLING_DELAY',
  'GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL',
] as const satisfies readonly (keyof AppConstants)[];
export type FrontendConf = Pick<AppConstants, (typeof FRONTEND_CONF_KEYS)[number]>;

/**
 * Server resource limits (config file keys) with their defaults: how many SQLite worker processes
 * run, how many queries one user runs at a time, and how much of a database's connection pool one
 * user may hold, so that one user cannot take every process or connection.
 */
export const resourceLimitsSchema = z
  .object({
    /** SQLite worker processes for every SQLite database together. */
    sqlite_max_workers: z.number().int().positive().default(4),
    /** Queries (SQL Lab sync and async, chart data) one user runs at a time in one process. */
    user_max_running_queries: z.number().int().positive().default(4),
    /** Connections each user database's pool opens at most (PostgreSQL pool size). */
    database_pool_size: z.number().int().min(2).default(10),
    /** The fraction of one database's pool one user may hold; the rest is left for others. */
    user_pool_share: z.number().gt(0).max(1).default(0.5),
  })
  .strict();
export type ResourceLimits = z.infer<typeof resourceLimitsSchema>;
