import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import type { AppContext } from '../../context';
import type { JobSystem } from '../../jobs/job-system';
import { RESULTS_SUBDIR } from '../../platform/data-dir';
import { closeRedis, createRedis, warnAtMostEvery } from '../../platform/redis';
import { openRedisChannel } from '../../platform/redis-channel';
import { registerSqlLabQueryJob, sqlLabQueue } from './query-job';
import { FileResultsBackend } from './results/file-results';
import { RedisResultsBackend } from './results/redis-results';
import type { ResultsBackend } from './results/stored-results';
import { RunningQueries } from './running';
import type { SqlLabRuntime, SqlLabTimings } from './runtime-types';
import { sweepOrphans } from './sweep';

const CANCEL_CHANNEL = 'tessera:sqllab:cancel';

const DEFAULT_TIMINGS: SqlLabTimings = {
  heartbeatMs: 1000,
  heartbeatStaleMs: 15_000,
  pendingGraceMs: 15_000,
  sweepEveryMs: 15_000,
  resultsSweepEveryMs: 10 * 60_000,
};

export interface RuntimeOptions {
  role: 'web' | 'worker';
  /** The process's job system: async runs are submitted to it, and its handler registered into it. */
  jobs: JobSystem;
  timings?: Partial<SqlLabTimings>;
}

/**
 * Everything SQL Lab keeps per process: its view of the job queue, the results backend, the
 * running queries and the Redis cancel channel, plus the periodic orphan and results sweeps.
 * The job system is the caller's: it closes that first (no new runs), then this runtime.
 */
export function createSqlLabRuntime(ctx: AppContext, options: RuntimeOptions): SqlLabRuntime {
  const { redisUrl } = ctx.config;
  const timings: SqlLabTimings = {
    ...DEFAULT_TIMINGS,
    ...(options.role === 'worker' ? { sweepEveryMs: 5000 } : {}),
    ...options.timings,
  };
  // A Redis that is down reports every reconnect attempt: one line per source every 30 s is enough.
  const warnEvery30s = (source: string) =>
    warnAtMostEvery(30_000, (error) => ctx.log.warn({ err: error }, `SQL Lab: ${source} error`));
  const redis = redisUrl ? createRedis(redisUrl, 'commands', warnEvery30s('Redis')) : null;
  const cancelChannel = redisUrl
    ? openRedisChannel(redisUrl, CANCEL_CHANNEL, warnEvery30s('Redis cancel channel'))
    : null;

  const queue = sqlLabQueue(options.jobs);
  const results: ResultsBackend = redis
    ? new RedisResultsBackend(redis)
    : new FileResultsBackend(path.join(ctx.config.dataDir, RESULTS_SUBDIR));
  const running = new RunningQueries();
  const background = new Set<Promise<unknown>>();
  const activeJobs = new Set<Promise<unknown>>();
  const timers: NodeJS.Timeout[] = [];

  const runtime: SqlLabRuntime = {
    role: options.role,
    workerId: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    queue,
    results,
    running,
    timings,
    async requestCancel(queryId) {
      running.cancel(queryId, 'stopped');
      if (cancelChannel) await cancelChannel.publish(String(queryId));
    },
    track(task) {
      const settled = task.catch((error: unknown) => {
        ctx.log.warn({ err: error }, 'SQL Lab background task failed');
      });
      background.add(settled);
      void settled.finally(() => background.delete(settled));
    },
    async sweepNow() {
      try {
        return await sweepOrphans(ctx, runtime);
      } catch (error) {
        ctx.log.warn({ err: error }, 'SQL Lab orphan sweep failed');
        return 0;
      }
    },
    async close() {
      for (const timer of timers) clearInterval(timer);
      running.cancelAll('shutdown');
      await Promise.allSettled([...activeJobs]);
      await Promise.allSettled([...background]);
      await cancelChannel?.close();
      if (redis) await closeRedis(redis);
    },
  };

  cancelChannel?.subscribe((message) => {
    const id = Number(message);
    if (Number.isSafeInteger(id)) running.cancel(id, 'stopped');
  });

  registerSqlLabQueryJob(ctx, options.jobs, runtime, (work) => {
    activeJobs.add(work);
    return work.finally(() => activeJobs.delete(work));
  });

  const every = (ms: number, work: () => Promise<unknown>): void => {
    const timer = setInterval(() => void work(), ms);
    timer.unref();
    timers.push(timer);
  };
  every(timings.sweepEveryMs, () => runtime.sweepNow());
  every(timings.resultsSweepEveryMs, () => results.sweep().catch(() => 0));
  return runtime;
}
