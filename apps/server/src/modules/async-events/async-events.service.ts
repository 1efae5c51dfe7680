import { buildSupersetError, type AsyncEvent, type AsyncEventError } from '@tessera/contracts';
import { ASYNC_EVENT_LIMITS } from '@tessera/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { unauthorized } from '../../platform/errors';
import { warnAtMostEvery } from '../../platform/redis';
import { MemoryEventLog, type AsyncEventLog, type EventListener } from './event-log';
import { MemoryJobTracker, RedisJobTracker, type JobTracker, type RunningJob } from './job-tracker';
import { RedisEventLog } from './redis-event-log';

/** This process's event log and job tracker (memory, or Redis shared with every other process). */
interface AsyncEventsRuntime {
  log: AsyncEventLog;
  tracker: JobTracker;
  sweeper: NodeJS.Timeout | null;
}

const runtimes = new WeakMap<AppContext, AsyncEventsRuntime>();

/** How often a process looks for jobs whose worker died. */
const SWEEP_MS = 5000;

/** The message a job gets when the process running it died before it ended. */
export const LOST_JOB_MESSAGE = 'The worker running this query stopped before it finished.';

export function asyncQueriesEnabled(ctx: AppContext): boolean {
  return ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES;
}

function runtimeOf(ctx: AppContext): AsyncEventsRuntime {
  let runtime = runtimes.get(ctx);
  if (runtime) return runtime;
  const { constants, redisUrl, queuePrefix } = ctx.config;
  const onError = warnAtMostEvery(60_000, (error) => {
    ctx.log.warn({ err: error.message }, 'Redis unavailable for async query events');
  });
  runtime = redisUrl
    ? {
        log: new RedisEventLog({
          url: redisUrl,
          keyPrefix: queuePrefix ? `${queuePrefix}:` : '',
          streamPrefix: constants.GLOBAL_ASYNC_QUERIES_REDIS_STREAM_PREFIX,
          channelLimit: constants.GLOBAL_ASYNC_QUERIES_REDIS_STREAM_LIMIT,
          firehoseLimit: constants.GLOBAL_ASYNC_QUERIES_REDIS_STREAM_LIMIT_FIREHOSE,
          onError,
        }),
        tracker: new RedisJobTracker(redisUrl, queuePrefix ? `${queuePrefix}:` : 'tessera:', onError),
        sweeper: null,
      }
    : {
        log: new MemoryEventLog(constants.GLOBAL_ASYNC_QUERIES_REDIS_STREAM_LIMIT),
        tracker: new MemoryJobTracker(),
        sweeper: null,
      };
  runtimes.set(ctx, runtime);
  return runtime;
}

/** Events of a channel after `lastId` (reference §6), at most MAX_EVENT_COUNT. */
export function readAsyncEvents(
  ctx: AppContext,
  channel: string,
  lastId: string | null,
): Promise<AsyncEvent[]> {
  return runtimeOf(ctx).log.read(channel, lastId, ASYNC_EVENT_LIMITS.maxEventsPerRead);
}

export function followAsyncEvents(ctx: AppContext, channel: string, listener: EventListener): () => void {
  return runtimeOf(ctx).log.follow(channel, listener);
}

/** A job starts running in this process: it is tracked (and kept alive) until it ends. */
export function startAsyncJob(ctx: AppContext, job: RunningJob): Promise<void> {
  return runtimeOf(ctx).tracker.start(job);
}

export type AsyncJobOutcome =
  { status: 'done'; resultUrl: string } | { status: 'error'; errors: AsyncEventError[] };

/**
 * Ends a job with its one event, unless a sweep already ended it (its heartbeat lapsed): a job
 * never gets both an error and a result.
 */
export async function finishAsyncJob(
  ctx: AppContext,
  job: RunningJob,
  outcome: AsyncJobOutcome,
): Promise<void> {
  const runtime = runtimeOf(ctx);
  if (!(await runtime.tracker.claim(job.jobId))) return;
  await runtime.log.append({
    channel_id: job.channelId,
    job_id: job.jobId,
    user_id: job.userId,
    status: outcome.status,
    errors: outcome.status === 'error' ? outcome.errors : [],
    result_url: outcome.status === 'done' ? outcome.resultUrl : null,
  });
}

/** Ends with an error event every job whose process died (ASYNC_WORKERS_ERROR). */
export async function sweepLostAsyncJobs(ctx: AppContext): Promise<number> {
  const runtime = runtimeOf(ctx);
  const lost = await runtime.tracker.sweep();
  for (const job of lost) {
    await runtime.log.append({
      channel_id: job.channelId,
      job_id: job.jobId,
      user_id: job.userId,
      status: 'error',
      errors: [buildSupersetError('ASYNC_WORKERS_ERROR', LOST_JOB_MESSAGE)],
      result_url: null,
    });
  }
  if (lost.length > 0)
    ctx.log.warn({ jobs: lost.map((job) => job.jobId) }, 'async query jobs lost with their worker');
  return lost.length;
}

/** Sweeps every few seconds in this process (web and worker alike: any live process may end them). */
export function startAsyncJobSweep(ctx: AppContext): void {
  const runtime = runtimeOf(ctx);
  if (runtime.sweeper || !ctx.config.redisUrl) return;
  // While Redis is away every sweep fails: one line a minute says so.
  const warn = warnAtMostEvery(60_000, (error) => {
    ctx.log.warn({ err: error.message }, 'async job sweep failed');
  });
  runtime.sweeper = setInterval(() => {
    sweepLostAsyncJobs(ctx).catch((error: unknown) => {
      warn(error instanceof Error ? error : new Error(String(error)));
    });
  }, SWEEP_MS);
  runtime.sweeper.unref();
}

export async function closeAsyncEvents(ctx: AppContext): Promise<void> {
  const runtime = runtimes.get(ctx);
  if (!runtime) return;
  runtimes.delete(ctx);
  if (runtime.sweeper) clearInterval(runtime.sweeper);
  await runtime.tracker.close();
  await runtime.log.close();
}

/** The caller's channel for an async call; 401 without a valid async-token cookie (reference §5.4). */
export function requireAsyncChannel(request: FastifyRequest): string {
  if (request.asyncChannel === null) throw unauthorized();
  return request.asyncChannel;
}
