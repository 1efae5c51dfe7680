import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  buildSupersetError,
  queryContextSchema,
  type AsyncEventError,
  type AsyncJobMetadata,
  type ChartDataJob,
  type QueryContext,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import type { JobSystem } from '../../jobs/job-system';
import type { JobModule } from '../../jobs/job-module';
import { ApiError } from '../../platform/errors';
import {
  closeAsyncEvents,
  finishAsyncJob,
  startAsyncJob,
  startAsyncJobSweep,
} from '../async-events/async-events.service';
import type { DashboardChartRef } from '../dashboards/dashboard-chart-grant.service';
import { loadPrincipal, type Principal } from '../security/principal';
import { CACHE_KEY_PATTERN } from './result-cache';
import { chartDataCache, runQueryContext } from './run-query-context';

/**
 * Global async queries for POST /api/v1/chart/data (reference §5.4): the request becomes a
 * `chart-data` job, run by a worker as the requesting user; its whole answer is kept in the result
 * cache under a key made from the job id, and the job's `done` event names
 * `/api/v1/chart/data/<key>`, which answers it to that user only.
 */

/** What the result cache holds for a finished job: its owner and the answer POST would have given. */
const asyncResultSchema = z.object({
  asyncJob: z.object({
    userId: z.number().int(),
    body: z.object({ result: z.array(z.record(z.string(), z.unknown())) }),
  }),
});

/** The cache key of a job's answer: not guessable from anything but the job id (a random uuid). */
function resultKeyOf(jobId: string): string {
  return createHash('sha256').update(`chart-data-job:${jobId}`).digest('hex');
}

/** Queues the request as a job and answers the 202 body. */
export async function submitChartDataJob(
  jobs: JobSystem,
  principal: Principal,
  channelId: string,
  queryContext: QueryContext,
  via: DashboardChartRef | null,
): Promise<AsyncJobMetadata> {
  const jobId = randomUUID();
  const job: ChartDataJob = {
    jobId,
    channelId,
    userId: principal.user.id,
    queryContext: { ...queryContext },
    via,
  };
  await jobs.submit('chart-data', jobId, job);
  return {
    channel_id: channelId,
    job_id: jobId,
    user_id: principal.user.id,
    status: 'pending',
    errors: [],
    result_url: null,
  };
}

/** The errors of a failed run as an event carries them (the API's error bodies, as lists). */
function errorsOf(error: unknown): AsyncEventError[] {
  if (error instanceof ApiError) {
    const { errors, message } = error.body;
    if (Array.isArray(errors)) {
      const listed = z.array(z.object({ message: z.string() }).loose()).safeParse(errors);
      if (listed.success && listed.data.length > 0) return listed.data;
    }
    if (typeof message === 'string') return [{ message }];
    if (message !== undefined) return [{ message: JSON.stringify(message) }];
    return [{ message: error.message }];
  }
  return [
    buildSupersetError('GENERIC_BACKEND_ERROR', error instanceof Error ? error.message : String(error)),
  ];
}

/** Runs one job as its user and ends it with a `done` or `error` event. */
export async function runChartDataJob(ctx: AppContext, job: ChartDataJob): Promise<void> {
  const running = { jobId: job.jobId, channelId: job.channelId, userId: job.userId };
  await startAsyncJob(ctx, running);
  try {
    const principal = await loadPrincipal(ctx.store.db, ctx.caches.principals, job.userId, 'cookie', null);
    if (!principal) throw new ApiError(401, { message: 'Not authorized' });
    const queryContext = queryContextSchema.safeParse(job.queryContext);
    if (!queryContext.success) throw new ApiError(400, { message: 'Request is not JSON' });
    const outcome = await runQueryContext(ctx, principal, queryContext.data, job.via);
    if (outcome.kind !== 'json') throw new ApiError(400, { message: 'Only JSON results run as async jobs' });
    const key = resultKeyOf(job.jobId);
    const first = outcome.body.result[0]?.cache_timeout;
    const ttl = typeof first === 'number' ? first : ctx.config.constants.CACHE_DEFAULT_TIMEOUT;
    const payload = JSON.stringify({ asyncJob: { userId: job.userId, body: outcome.body } });
    // A result kept for 0 s would be gone before the client fetched it: at least a minute.
    await chartDataCache(ctx).set(key, { payload, cachedAt: new Date().toISOString() }, Math.max(ttl, 60));
    await finishAsyncJob(ctx, running, { status: 'done', resultUrl: `/api/v1/chart/data/${key}` });
  } catch (error) {
    await finishAsyncJob(ctx, running, { status: 'error', errors: errorsOf(error) });
  }
}

/**
 * GET /api/v1/chart/data/<key> for a job's answer: the body, to the user who asked only; null when the
 * key is no job's (then it may be a query object's cached item).
 */
export async function asyncChartDataResult(
  ctx: AppContext,
  principal: Principal,
  key: string,
): Promise<{ result: Record<string, unknown>[] } | null> {
  if (!CACHE_KEY_PATTERN.test(key)) return null;
  const hit = await chartDataCache(ctx).get(key);
  if (!hit) return null;
  let parsed: z.infer<typeof asyncResultSchema> | null;
  try {
    const read = asyncResultSchema.safeParse(JSON.parse(hit.payload));
    parsed = read.success ? read.data : null;
  } catch {
    parsed = null;
  }
  if (parsed?.asyncJob.userId !== principal.user.id) return null;
  return parsed.asyncJob.body;
}

/** The `chart-data` job handler; several run at once per process (each waits for its user's query slot). */
export function registerChartDataJobs(ctx: AppContext, jobs: JobSystem): void {
  jobs.register({ name: 'chart-data', concurrency: 8, handle: (job) => runChartDataJob(ctx, job) });
}

/** `tessera worker` runs chart-data jobs and sweeps those whose worker died. */
export const chartDataJobModule: JobModule = {
  name: 'chart-data',
  open(ctx, jobs) {
    registerChartDataJobs(ctx, jobs);
    startAsyncJobSweep(ctx);
    return Promise.resolve({ close: () => closeAsyncEvents(ctx) });
  },
};
