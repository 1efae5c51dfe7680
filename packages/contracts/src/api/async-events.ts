import { z } from 'zod';

/** Job statuses of a global async query (reference §6); events carry `done` or `error`. */
export const ASYNC_JOB_STATUSES = ['pending', 'running', 'error', 'done'] as const;
export type AsyncJobStatus = (typeof ASYNC_JOB_STATUSES)[number];

/** Redis stream ids (`<ms>-<seq>`), which the in-memory log imitates so clients see one shape. */
export const ASYNC_EVENT_ID_PATTERN = /^\d{1,20}-\d{1,20}$/;

/** One error of a failed job: SIP-40 fields when the query said them, at least a message. */
export const asyncEventErrorSchema = z
  .object({
    message: z.string(),
    error_type: z.string().optional(),
    level: z.string().optional(),
    extra: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .loose();
export type AsyncEventError = z.infer<typeof asyncEventErrorSchema>;

/** The 202 answer of a chart data request that became a job (reference §5.4). */
export const asyncJobMetadataSchema = z.object({
  channel_id: z.string(),
  job_id: z.string(),
  user_id: z.number().int().nullable(),
  status: z.enum(ASYNC_JOB_STATUSES),
  errors: z.array(asyncEventErrorSchema),
  result_url: z.string().nullable(),
});
export type AsyncJobMetadata = z.infer<typeof asyncJobMetadataSchema>;

/**
 * An event of GET /api/v1/async_event/ and of the WebSocket (reference §6, spec 001 §3): a job's state
 * and its stream id.
 */
export const asyncEventSchema = asyncJobMetadataSchema.extend({
  id: z.string().regex(ASYNC_EVENT_ID_PATTERN),
});
export type AsyncEvent = z.infer<typeof asyncEventSchema>;

export const asyncEventsResponseSchema = z.object({ result: z.array(asyncEventSchema) });
export type AsyncEventsResponse = z.infer<typeof asyncEventsResponseSchema>;

/** `?last_id=`: the events after this stream id; absent reads the channel from its start. */
export const asyncEventsQuerySchema = z
  .object({ last_id: z.string().regex(ASYNC_EVENT_ID_PATTERN).optional() })
  .loose();

/** The claims of the `async-token` cookie: the channel and the user it was issued to. */
export const asyncTokenClaimsSchema = z.object({
  channel: z.string().min(1).max(100),
  sub: z.string().nullable().optional(),
});

/** Client timings of spec 001 §4/§9 (polling delay itself is GLOBAL_ASYNC_QUERIES_POLLING_DELAY). */
export const ASYNC_CLIENT = {
  /** Milliseconds before a lost WebSocket is opened again. */
  wsReconnectDelayMs: 2500,
  /** Reconnects tried before the client falls back to polling. */
  wsReconnectAttempts: 6,
  /** Tries for an event whose job has no listener yet; try n waits n × the base delay. */
  unknownJobRetries: 6,
  unknownJobRetryBaseMs: 100,
} as const;

/** Server caps (reference §6): events kept per channel, in the firehose stream, and per read. */
export const ASYNC_EVENT_LIMITS = {
  maxEventsPerRead: 100,
} as const;
