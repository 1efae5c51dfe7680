import type { JobName, JobPayload } from '@tessera/contracts';
import type { Config } from '../platform/config';
import { BullmqDriver } from './bullmq-driver';
import type { DriverErrorListener, JobDriver, SubmitOptions } from './driver';
import { InProcessDriver } from './in-process-driver';
import { JobRegistry, parseJob, type JobType } from './registry';

/**
 * The one job system of a process: submit typed jobs, register the handlers this process owns,
 * and serve them. BullMQ on Redis when REDIS_URL is set (served by `tessera worker` processes),
 * otherwise queues in this process (served by the web process itself).
 */
export class JobSystem {
  private readonly registry = new JobRegistry();
  private serving = false;

  constructor(private readonly driver: JobDriver) {}

  get kind(): JobDriver['kind'] {
    return this.driver.kind;
  }

  register<N extends JobName>(type: JobType<N>): void {
    if (this.serving) throw new Error('Register job types before serve().');
    this.registry.register(type);
  }

  /**
   * Queues one job; `id` identifies it for isQueued() (unique per run). Rejects with
   * UnknownJobError / InvalidJobPayloadError before anything is queued, or when the queue refuses.
   */
  async submit<N extends JobName>(
    name: N,
    id: string,
    payload: JobPayload<N>,
    options: SubmitOptions = {},
  ): Promise<void> {
    await this.driver.submit(name, id, parseJob(name, payload), options);
  }

  isQueued(name: JobName, id: string): Promise<boolean> {
    return this.driver.isQueued(name, id);
  }

  /**
   * Starts running every registered job type, `concurrency` (or each type's own) at a time.
   * Returns the names served. Payloads are parsed again on this side: a job written by another
   * version fails with InvalidJobPayloadError instead of reaching the handler.
   */
  serve(options: { concurrency?: number } = {}): JobName[] {
    this.serving = true;
    const names = this.registry.names();
    for (const name of names) {
      const job = this.registry.get(name);
      this.driver.consume(name, (payload) => job.run(payload), options.concurrency ?? job.concurrency);
    }
    return names;
  }

  close(): Promise<void> {
    return this.driver.close();
  }
}

export function createJobSystem(
  config: Pick<Config, 'redisUrl' | 'queuePrefix'>,
  onError: DriverErrorListener,
): JobSystem {
  return new JobSystem(
    config.redisUrl
      ? new BullmqDriver(config.redisUrl, onError, config.queuePrefix ? { prefix: config.queuePrefix } : {})
      : new InProcessDriver(onError),
  );
}

/** Logs a failed job at error level, and transport trouble (Redis away) once per 30 s. */
export function logJobErrors(log: {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}): DriverErrorListener {
  let warnedAt = Number.NEGATIVE_INFINITY;
  return (error, job) => {
    if (job) {
      log.error({ err: error, job: job.name, jobId: job.id }, 'job failed unexpectedly');
      return;
    }
    if (Date.now() - warnedAt < 30_000) return;
    warnedAt = Date.now();
    log.warn({ err: error }, 'job queue error');
  };
}
