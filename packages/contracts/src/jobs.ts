import { z } from 'zod';

/**
 * One queued SQL Lab run. The query row holds everything else (rendered SQL, limit, CTAS...); the
 * run key (query id and start time) keeps a rerun of the same row, or a queue that outlived its
 * metadata store, from mistaking an old job for this one.
 */
export const sqlLabQueryJobSchema = z.object({
  queryId: z.number().int().positive(),
  runKey: z.string().min(1),
});
export type SqlLabQueryJob = z.infer<typeof sqlLabQueryJobSchema>;

/**
 * One scheduled instant of an alert or report (`tessera beat` enqueues it; reports README). The
 * instant is ISO-8601 UTC text, the same string the execution log's unique key holds.
 */
export const reportRunJobSchema = z.object({
  reportId: z.number().int().positive(),
  scheduledDttm: z.iso.datetime(),
});
export type ReportRunJob = z.infer<typeof reportRunJobSchema>;

/**
 * One chart data request run as a global async query (GLOBAL_ASYNC_QUERIES): the query context
 * as the client sent it (parsed again by the worker), run as `userId`, its event sent to `channelId`.
 */
export const chartDataJobSchema = z.object({
  jobId: z.uuid(),
  channelId: z.string().min(1).max(100),
  userId: z.number().int().positive(),
  queryContext: z.record(z.string(), z.unknown()),
  /** The dashboard and chart the request came from, which can grant the dataset (dashboard access). */
  via: z
    .object({ dashboardId: z.number().int().positive(), sliceId: z.number().int().positive() })
    .nullable(),
});
export type ChartDataJob = z.infer<typeof chartDataJobSchema>;

/**
 * Every background job type and the payload it carries. Payloads cross processes (web process ->
 * Redis -> `tessera worker`), so both sides parse them with these schemas. Adding a job type is:
 * a schema here, a handler in the owning server module, and registering that handler.
 */
export const JOB_PAYLOAD_SCHEMAS = {
  'sqllab-query': sqlLabQueryJobSchema,
  'report-run': reportRunJobSchema,
  'chart-data': chartDataJobSchema,
} as const;

export type JobName = keyof typeof JOB_PAYLOAD_SCHEMAS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOB_PAYLOAD_SCHEMAS)[N]>;

export const isJobName = (name: string): name is JobName => Object.hasOwn(JOB_PAYLOAD_SCHEMAS, name);
