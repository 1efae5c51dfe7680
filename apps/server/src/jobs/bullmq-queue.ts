import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { JobHandler, JobQueue, QueryJob } from './queue';

const QUEUE_NAME = 'tessera-sqllab';
const LIVE_STATES = new Set(['waiting', 'delayed', 'active', 'prioritized', 'waiting-children']);
const jobDataSchema = z.object({ queryId: z.number().int().positive(), runKey: z.string() });

/** BullMQ refuses purely numeric custom ids. */
const jobIdOf = (job: QueryJob): string => `query-${job.runKey}`;

/**
 * The queue shared through Redis by every web process (producers) and `tessera worker` process
 * (consumers). A job whose worker dies is not retried (maxStalledCount 0): it fails, and the
 * query row is ended by the heartbeat sweep rather than silently run twice.
 */
export class BullmqQueue implements JobQueue {
  readonly kind = 'bullmq';
  private readonly connection: Redis;
  private readonly queue: Queue;
  private worker: Worker | null = null;
  private workerConnection: Redis | null = null;

  constructor(
    private readonly redisUrl: string,
    private readonly onError: (error: unknown, job: QueryJob | null) => void,
  ) {
    this.connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', (error: unknown) => onError(error, null));
    this.queue = new Queue(QUEUE_NAME, { connection: this.connection });
    this.queue.on('error', (error: unknown) => onError(error, null));
  }

  async submit(job: QueryJob): Promise<void> {
    // A queue that cannot reach Redis would wait forever; the caller needs an answer.
    await withTimeout(
      this.queue.add('query', job, {
        jobId: jobIdOf(job),
        attempts: 1,
        removeOnComplete: true,
        removeOnFail: true,
      }),
      5000,
      'Timed out queueing the query.',
    );
  }

  async isQueued(job: QueryJob): Promise<boolean> {
    const queued = await this.queue.getJob(jobIdOf(job));
    if (!queued) return false;
    return LIVE_STATES.has(await queued.getState());
  }

  consume(handler: JobHandler, concurrency: number): void {
    if (this.worker) return;
    this.workerConnection = new Redis(this.redisUrl, { maxRetriesPerRequest: null });
    this.workerConnection.on('error', (error: unknown) => this.onError(error, null));
    this.worker = new Worker(
      QUEUE_NAME,
      async (job) => {
        const data = jobDataSchema.safeParse(job.data);
        if (!data.success) return;
        await handler(data.data);
      },
      {
        connection: this.workerConnection,
        concurrency: Math.max(1, concurrency),
        maxStalledCount: 0,
        lockDuration: 30_000,
        stalledInterval: 15_000,
      },
    );
    this.worker.on('error', (error: unknown) => this.onError(error, null));
  }

  async close(): Promise<void> {
    // With Redis unreachable BullMQ's close waits for a connection that never comes.
    if (this.worker) await withTimeout(this.worker.close(true), 5000, 'close').catch(() => undefined);
    await withTimeout(this.queue.close(), 5000, 'close').catch(() => undefined);
    this.workerConnection?.disconnect();
    this.connection.disconnect();
  }
}

async function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
