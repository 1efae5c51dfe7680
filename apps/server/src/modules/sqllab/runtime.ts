import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { AppContext } from '../../context';
import { RESULTS_SUBDIR } from '../../platform/data-dir';
import { BullmqQueue } from '../../jobs/bullmq-queue';
import { InProcessQueue } from '../../jobs/in-process-queue';
import type { JobQueue, QueryJob } from '../../jobs/queue';
import { runQueryJob } from './async-job';
import { FileResultsBackend } from './results/file-results';
import { RedisResultsBackend } from './results/redis-results';
import type { ResultsBackend } from './results/stored-results';
import { RunningQueries } from './running';
import { sweepOrphans } from './sweep';

const CANCEL_CHANNEL = 'tessera:sqllab:cancel';

export interface SqlLabTimings {
  /** How often a running async query writes its heartbeat (and checks it was not stopped). */
  heartbeatMs: number;
  /** A running async query whose heartbeat is older than this has lost its worker. */
  heartbeatStaleMs: number;
  /** A pending async query younger than this is not checked against the queue yet. */
  pendingGraceMs: number;
  /** How often the orphan sweep runs in this process. */
  sweepEveryMs: number;
  /** How often expired result files are removed. */
  resultsSweepEveryMs: number;
}

const DEFAULT_TIMINGS: SqlLabTimings = {
  heartbeatMs: 1000,
  heartbeatStaleMs: 15_000,
  pendingGraceMs: 15_000,
  sweepEveryMs: 15_000,
  resultsSweepEveryMs: 10 * 60_000,
};

export interface SqlLabRuntime {
  readonly role: 'web' | 'worker';
  readonly workerId: string;
  readonly queue: JobQueue;
  readonly results: ResultsBackend;
  readonly running: RunningQueries;
  readonly timings: SqlLabTimings;
  /** Stops a query wherever it runs: in this process at once, in others through Redis. */
  requestCancel(queryId: number): Promise<void>;
  /** Background work (result storage after a sync response) that close() waits for. */
  track(task: Promise<unknown>): void;
  sweepNow(): Promise<number>;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  role: 'web' | 'worker';
  /** Async queries one process runs at a time. */
  concurrency?: number;
  timings?: Partial<SqlLabTimings>;
}

/**
 * Everything SQL Lab keeps per process: the job queue, the results backend, the running queries
 * and the Redis cancel channel, plus the periodic orphan and results sweeps.
 */
export function createSqlLabRuntime(ctx: AppContext, options: RuntimeOptions): SqlLabRuntime {
  const { redisUrl } = ctx.config;
  const timings: SqlLabTimings = {
    ...DEFAULT_TIMINGS,
    ...(options.role === 'worker' ? { sweepEveryMs: 5000 } : {}),
    ...options.timings,
  };
  // A Redis that is down reports every reconnect attempt: one line per source every 30 s is enough.
  const lastWarned = new Map<string, number>();
  const warnThrottled = (source: string, error: unknown): void => {
    const now = Date.now();
    if ((lastWarned.get(source) ?? 0) > now - 30_000) return;
    lastWarned.set(source, now);
    ctx.log.warn({ err: error }, `SQL Lab: ${source} error`);
  };
  const onJobError = (error: unknown, job: QueryJob | null): void => {
    if (job) ctx.log.error({ err: error, queryId: job.queryId }, 'SQL Lab job failed unexpectedly');
    else warnThrottled('job queue', error);
  };
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 2 }) : null;
  redis?.on('error', (error: unknown) => warnThrottled('Redis', error));
  const subscriber = redisUrl ? new Redis(redisUrl) : null;
  subscriber?.on('error', (error: unknown) => warnThrottled('Redis cancel channel', error));

  const queue: JobQueue = redisUrl ? new BullmqQueue(redisUrl, onJobError) : new InProcessQueue(onJobError);
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
      if (redis) await redis.publish(CANCEL_CHANNEL, String(queryId)).catch(() => 0);
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
      await queue.close();
      running.cancelAll('shutdown');
      await Promise.allSettled([...activeJobs]);
      await Promise.allSettled([...background]);
      if (subscriber) subscriber.disconnect();
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };

  if (subscriber) {
    void subscriber.subscribe(CANCEL_CHANNEL).catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'cannot subscribe to the SQL Lab cancel channel');
    });
    subscriber.on('message', (channel: string, message: string) => {
      const id = Number(message);
      if (channel === CANCEL_CHANNEL && Number.isSafeInteger(id)) running.cancel(id, 'stopped');
    });
  }

  // Without Redis the web process is its own worker; with Redis only `tessera worker` consumes.
  if (options.role === 'worker' || !redisUrl) {
    queue.consume((job) => {
      const work = runQueryJob(ctx, runtime, job.queryId);
      activeJobs.add(work);
      return work.finally(() => activeJobs.delete(work));
    }, options.concurrency ?? 8);
  }

  const every = (ms: number, work: () => Promise<unknown>): void => {
    const timer = setInterval(() => void work(), ms);
    timer.unref();
    timers.push(timer);
  };
  every(timings.sweepEveryMs, () => runtime.sweepNow());
  every(timings.resultsSweepEveryMs, () => results.sweep().catch(() => 0));
  return runtime;
}
