import { z } from 'zod';

/** Spec 001 §9: a client sends its queued events when 1,024 are waiting or after 1,000 ms of quiet. */
export const LOG_BATCH = { maxEvents: 1024, quietMs: 1000 } as const;

/** The screens that send events (spec 001 §7 'Logging'). */
export const LOG_EVENT_SOURCES = ['dashboard', 'explore', 'sqlLab'] as const;
export type LogEventSource = (typeof LOG_EVENT_SOURCES)[number];

/** A user event starts something; a timing event measures it and names the user event as its trigger. */
export const LOG_EVENT_TYPES = ['user', 'timing'] as const;
export type LogEventType = (typeof LOG_EVENT_TYPES)[number];

/** Event names the web app sends (Superset's LOG_ACTIONS_* names where it has one). */
export const LOG_ACTIONS = {
  mountDashboard: 'mount_dashboard',
  dashboardLoad: 'load_dashboard',
  renderChart: 'render_chart',
  selectDashboardTab: 'select_dashboard_tab',
  changeDashboardFilter: 'change_dashboard_filter',
  mountExplorer: 'mount_explorer',
  exploreRunChart: 'load_chart',
  exploreSaveChart: 'save_chart',
  sqlLabRunQuery: 'sqllab_run_query',
  sqlLabStopQuery: 'sqllab_stop_query',
} as const;
export type LogAction = (typeof LOG_ACTIONS)[keyof typeof LOG_ACTIONS];

const id = z.union([z.number().int(), z.string().max(100)]);

/**
 * One client event as the browser sends it (spec 001 §7). Known fields are checked; anything else an
 * event carries (e.g. a chart's `slice_id`, a timing's `duration`) is kept in the stored JSON.
 */
export const logEventSchema = z
  .object({
    source: z.enum(LOG_EVENT_SOURCES).optional(),
    source_id: id.nullable().optional(),
    impression_id: z.string().max(100).optional(),
    version: z.string().max(10).optional(),
    ts: z.number().optional(),
    event_name: z.string().min(1).max(512),
    event_type: z.enum(LOG_EVENT_TYPES).optional(),
    event_id: z.string().max(100).optional(),
    trigger_event: z.string().max(100).nullable().optional(),
    visibility: z.string().max(50).optional(),
    target_id: id.nullable().optional(),
    target_name: z.string().max(1024).nullable().optional(),
    db_id: z.number().int().nullable().optional(),
    schema: z.string().max(1024).nullable().optional(),
    dashboard_id: z.number().int().nullable().optional(),
    slice_id: z.number().int().nullable().optional(),
    duration: z.number().nonnegative().optional(),
  })
  .catchall(z.unknown());
export type LogEvent = z.infer<typeof logEventSchema>;

/** The `events` field of POST /superset/log/: a JSON array of events, at most one full batch. */
export const logEventBatchSchema = z.array(logEventSchema).max(LOG_BATCH.maxEvents);

/** The query string of POST /superset/log/. */
export const logPostQuerySchema = z.object({
  explode: z.string().max(50).optional(),
  dashboard_id: z.coerce.number().int().positive().optional(),
  slice_id: z.coerce.number().int().positive().optional(),
});

/** A `logs` row as GET /api/v1/log/ and /api/v1/log/{id} give it (reference §11 columns). */
export const logRecordSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  user_id: z.number().int().nullable(),
  user: z.object({ username: z.string() }).nullable(),
  dashboard_id: z.number().int().nullable(),
  slice_id: z.number().int().nullable(),
  json: z.string().nullable(),
  dttm: z.string(),
  duration_ms: z.number().int().nullable(),
  referrer: z.string().nullable(),
});
export type LogRecord = z.infer<typeof logRecordSchema>;

/** The list page size of GET /api/v1/log/ (reference §11). */
export const LOG_LIST_PAGE_SIZE = 20;

/** `q=` of GET /api/v1/log/recent_activity/; without `actions` the opened dashboards and charts. */
export const recentActivityQuerySchema = z
  .object({
    page: z.number().int().nonnegative().default(0),
    page_size: z.number().int().min(1).max(100).default(10),
    actions: z.array(z.string().min(1).max(512)).min(1).max(20).optional(),
    distinct: z.boolean().default(true),
  })
  .strict();
export type RecentActivityQuery = z.infer<typeof recentActivityQuerySchema>;

/** The actions that count as opening something when the caller names none. */
export const RECENT_ACTIVITY_DEFAULT_ACTIONS: readonly string[] = [
  LOG_ACTIONS.mountDashboard,
  LOG_ACTIONS.mountExplorer,
];

export const recentActivityItemSchema = z.object({
  action: z.string(),
  item_type: z.enum(['dashboard', 'slice']),
  item_url: z.string(),
  item_title: z.string(),
  /** Milliseconds since the epoch of the latest matching row. */
  time: z.number(),
  time_delta_humanized: z.string(),
});
export type RecentActivityItem = z.infer<typeof recentActivityItemSchema>;
export const recentActivityResponseSchema = z.object({ result: z.array(recentActivityItemSchema) });
