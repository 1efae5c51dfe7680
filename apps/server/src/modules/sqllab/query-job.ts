import type { SqlLabQueryJob } from '@tessera/contracts';
import type { AppContext } from '../../context';
import type { JobSystem } from '../../jobs/job-system';
import { runQueryJob } from './async-job';
import type { SqlLabRuntime } from './runtime';

/** The job type of an async SQL Lab run; its payload schema is `sqlLabQueryJobSchema` in contracts. */
export const SQLLAB_QUERY_JOB = 'sqllab-query';

/** Async queries one process runs at a time unless `tessera worker --concurrency` says otherwise. */
export const SQLLAB_QUERY_CONCURRENCY = 8;

export const runKeyOf = (queryId: number, startTime: number | null): string => `${queryId}-${startTime ?? 0}`;

/** SQL Lab's view of the job system: submit a run, and ask whether it still waits or runs. */
export interface SqlLabQueue {
  /** Rejects when the job could not be queued (the caller fails the query with ASYNC_WORKERS_ERROR). */
  submit(job: SqlLabQueryJob): Promise<void>;
  /** False once the job is lost (for the orphan sweep). */
  isQueued(job: SqlLabQueryJob): Promise<boolean>;
}

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
