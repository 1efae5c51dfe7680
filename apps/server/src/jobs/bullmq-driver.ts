import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { BackendUnavailableError } from '../platform/backend-errors';
import { closeRedis, createRedis } from '../platform/redis';
import type { DriverErrorListener, DriverHandler, JobDriver, SubmitOptions } from './driver';

const LIVE_STATES = new Set(['waiting', 'delayed', 'active', 'prioritized', 'waiting-children']);

/** How long a submission waits for Redis before the caller is told it is unavailable. */
const SUBMIT_TIMEOUT_MS = 5000;

/** BullMQ refuses purely numeric custom ids. */
const bullmqIdOf = (id: string): string => `job-${id}`;

/** Queue names carry the job type, so `redis-cli keys 'bull:tessera-*'` shows one queue per type. */
export const queueNameOf = (jobName: string): string => `tessera-${jobName}`;

export interface BullmqDriverOptions {
  /** Key prefix of every queue (BullMQ's default is "bull"); tests use one of their own. */
  prefix?: string;
}

/**
 * Queues in Redis shared by every web process (producers) and `tessera worker` process
 * (consumers), one BullMQ queue per job type so one type's backlog or concurrency never holds up
 * another's. Jobs run at most once: one attempt, and a job whose worker dies is failed rather
 * than redelivered (maxStalledCount 0); the owners' sweeps then report it.
 */
export class BullmqDriver implements JobDriver {
  readonly kind = 'bullmq';
  private readonly connection: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private workerConnection: Redis | null = null;
  private readonly prefix: string | undefined;

  constructor(
    private readonly redisUrl: string,
    private readonly onError: DriverErrorListener,
    options: BullmqDriverOptions = {},
  ) {
    this.prefix = options.prefix;
    this.connection = createRedis(redisUrl, 'queue', (error) => onError(error, null));
  }

  async submit(name: string, id: string, payload: unknown, options: SubmitOptions = {}): Promise<void> {
    const delay = options.notBefore ? Math.max(0, options.notBefore.getTime() - Date.now()) : 0;
    // Not sent while Redis is away: this connection keeps commands until it is back, so a job the
    // caller was told had failed would still be queued, and run, after the outage.
    await untilConnected(this.connection, SUBMIT_TIMEOUT_MS);
    // A queue that cannot reach Redis would wait forever; the caller needs an answer.
    await withTimeout(
      this.queue(name).add(name, payload, {
        jobId: bullmqIdOf(id),
        ...(delay > 0 ? { delay } : {}),
        attempts: 1,
        removeOnComplete: true,
        removeOnFail: true,
      }),
      SUBMIT_TIMEOUT_MS,
      'Timed out queueing the job.',
    );
  }

  async isQueued(name: string, id: string): Promise<boolean> {
    const queued = await this.queue(name).getJob(bullmqIdOf(id));
    if (!queued) return false;
    return LIVE_STATES.has(await queued.getState());
  }

  consume(name: string, handler: DriverHandler, concurrency: number): void {
    this.workerConnection ??= createRedis(this.redisUrl, 'queue', (error) => this.onError(error, null));
    const worker = new Worker(
      queueNameOf(name),
      async (job) => {
        try {
          await handler(job.data);
        } catch (error) {
          this.onError(error, { name, id: job.id ?? '' });
        }
      },
      {
        connection: this.workerConnection,
        ...(this.prefix ? { prefix: this.prefix } : {}),
        concurrency: Math.max(1, concurrency),
        maxStalledCount: 0,
        lockDuration: 30_000,
        stalledInterval: 15_000,
      },
    );
    worker.on('error', (error: unknown) => this.onError(error, null));
    this.workers.push(worker);
  }

  async close(): Promise<void> {
    // With Redis unreachable BullMQ's close waits for a connection that never comes.
    const quietly = (work: Promise<unknown>) => withTimeout(work, 5000, 'close').catch(() => undefined);
    await Promise.all(this.workers.map((worker) => quietly(worker.close(true))));
    await Promise.all([...this.queues.values()].map((queue) => quietly(queue.close())));
    if (this.workerConnection) await closeRedis(this.workerConnection);
    await closeRedis(this.connection);
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(queueNameOf(name), {
        connection: this.connection,
        ...(this.prefix ? { prefix: this.prefix } : {}),
      });
      queue.on('error', (error: unknown) => this.onError(error, null));
      this.queues.set(name, queue);
    }
    return queue;
  }
}

/**
 * Resolves when `client` is connected; rejects at its next connection error (one per reconnect
 * attempt, at most 2 s apart) or after `ms`, so a caller learns of an outage without queueing anything.
 */
function untilConnected(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = (error: Error | null) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      client.off('error', onError);
      if (error) reject(new BackendUnavailableError(`Redis is unavailable: ${error.message}`));
      else resolve();
    };
    const onReady = () => settle(null);
    const onError = (error: Error) => settle(error);
    const timer = setTimeout(() => settle(new Error('no connection')), ms);
    client.on('ready', onReady);
    client.on('error', onError);
  });
}

async function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((resolve, reject) => {
        timer = setTimeout(() => reject(new BackendUnavailableError(message)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
