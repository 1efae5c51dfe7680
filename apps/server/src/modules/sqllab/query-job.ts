import type { AppContext } from '../../context';
import type { JobSystem } from '../../jobs/job-system';
import { runQueryJob } from './async-job';
import type { SqlLabQueue, SqlLabRuntime } from './runtime-types';

/** The job type of an async SQL Lab run; its payload schema is `sqlLabQueryJobSchema` in contracts. */
export const SQLLAB_QUERY_JOB = 'sqllab-query';

/** Async queries one process runs at a time unless `tessera worker --concurrency` says otherwise. */
export const SQLLAB_QUERY_CONCURRENCY = 8;

export const runKeyOf = (queryId: number, startTime: number | null): string => `${queryId}-${startTime ?? 0}`;

export function sqlLabQueue(jobs: JobSystem): SqlLabQueue {
  return {
    submit: (job) => jobs.submit(SQLLAB_QUERY_JOB, job.runKey, job),
    isQueued: (job) => jobs.isQueued(SQLLAB_QUERY_JOB, job.runKey),
  };
}

/**
 * Registers the async-query handler. Every runtime registers it; only the processes that serve
 * the job system run it (`tessera worker`, or the web process when there is no Redis).
 */
export function registerSqlLabQueryJob(
  ctx: AppContext,
  jobs: JobSystem,
  runtime: SqlLabRuntime,
  track: (work: Promise<void>) => Promise<void>,
): void {
  jobs.register({
    name: SQLLAB_QUERY_JOB,
    concurrency: SQLLAB_QUERY_CONCURRENCY,
    handle: (job) => track(runQueryJob(ctx, runtime, job.queryId)),
  });
}
