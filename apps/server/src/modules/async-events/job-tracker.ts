import type { Redis } from 'ioredis';
import { z } from 'zod';
import { closeRedis, createRedis } from '../../platform/redis';

/** A chart data job while it runs: enough to tell its channel that it died. */
export interface RunningJob {
  jobId: string;
  channelId: string;
  userId: number;
}

const runningJobSchema = z.object({
  jobId: z.string(),
  channelId: z.string(),
  userId: z.number().int(),
});

/**
 * Which jobs run, so that each ends with exactly one event: the worker that finishes a job and the
 * sweep that finds its worker dead both `claim` it, and only the first claim wins.
 */
export interface JobTracker {
  start(job: RunningJob): Promise<void>;
  /** True for the first caller only; the job is forgotten then. */
  claim(jobId: string): Promise<boolean>;
  /** Jobs whose process stopped beating, each claimed (returned by one sweep of one process). */
  sweep(): Promise<RunningJob[]>;
  close(): Promise<void>;
}

/** Without Redis a job dies with its process, and so do the events and the clients that await them. */
export class MemoryJobTracker implements JobTracker {
  private readonly running = new Set<string>();

  start(job: RunningJob): Promise<void> {
    this.running.add(job.jobId);
    return Promise.resolve();
  }

  claim(jobId: string): Promise<boolean> {
    return Promise.resolve(this.running.delete(jobId));
  }

  sweep(): Promise<RunningJob[]> {
    return Promise.resolve([]);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** How often a process renews the liveness keys of the jobs it runs, and how long one lasts. */
export const HEARTBEAT_MS = 3000;
export const ALIVE_MS = 10_000;

/**
 * With Redis: a hash of running jobs (`<prefix>async-jobs:running`) and one expiring liveness key
 * per job (`<prefix>async-jobs:alive:<id>`) that the running process renews. A job in the hash
 * whose key expired belongs to a dead process; HDEL is the claim.
 */
export class RedisJobTracker implements JobTracker {
  private readonly redis: Redis;
  private readonly mine = new Set<string>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    url: string,
    private readonly keyPrefix: string,
    onError: (error: Error) => void,
  ) {
    this.redis = createRedis(url, 'commands', onError);
    this.timer = setInterval(() => {
      if (this.mine.size === 0) return;
      const batch = this.redis.pipeline();
      for (const jobId of this.mine) batch.set(this.aliveKey(jobId), '1', 'PX', ALIVE_MS);
      batch.exec().catch(onError);
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  private get runningKey(): string {
    return `${this.keyPrefix}async-jobs:running`;
  }

  private aliveKey(jobId: string): string {
    return `${this.keyPrefix}async-jobs:alive:${jobId}`;
  }

  async start(job: RunningJob): Promise<void> {
    this.mine.add(job.jobId);
    // The pid tells an operator (and the multi-process test) which process holds the job.
    await this.redis
      .multi()
      .set(this.aliveKey(job.jobId), '1', 'PX', ALIVE_MS)
      .hset(this.runningKey, job.jobId, JSON.stringify({ ...job, pid: process.pid }))
      .exec();
  }

  async claim(jobId: string): Promise<boolean> {
    this.mine.delete(jobId);
    const removed = await this.redis.hdel(this.runningKey, jobId);
    await this.redis.del(this.aliveKey(jobId));
    return removed === 1;
  }

  async sweep(): Promise<RunningJob[]> {
    const running = await this.redis.hgetall(this.runningKey);
    const lost: RunningJob[] = [];
    for (const [jobId, text] of Object.entries(running)) {
      if (this.mine.has(jobId)) continue;
      if ((await this.redis.exists(this.aliveKey(jobId))) === 1) continue;
      if ((await this.redis.hdel(this.runningKey, jobId)) !== 1) continue;
      try {
        const job = runningJobSchema.safeParse(JSON.parse(text));
        if (job.success) lost.push(job.data);
      } catch {
        // An unreadable entry has no channel to tell; dropping it is all there is to do.
      }
    }
    return lost;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await closeRedis(this.redis);
  }
}
