import type { DriverErrorListener, DriverHandler, JobDriver } from './driver';

interface WaitingJob {
  id: string;
  payload: unknown;
}

/** One job type's FIFO, its handler once consumed, and what runs now. */
class Lane {
  readonly waiting: WaitingJob[] = [];
  readonly active = new Set<string>();
  handler: DriverHandler | null = null;
  concurrency = 1;
}

/**
 * Queues in this process, one per job type; jobs are lost with the process (the owners' sweeps
 * report what was lost). Used when REDIS_URL is not set: the web process serves its own jobs.
 */
export class InProcessDriver implements JobDriver {
  readonly kind = 'in-process';
  private readonly lanes = new Map<string, Lane>();
  private closed = false;

  constructor(private readonly onError: DriverErrorListener) {}

  submit(name: string, id: string, payload: unknown): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The job queue is closed.'));
    this.lane(name).waiting.push({ id, payload });
    this.pump(name);
    return Promise.resolve();
  }

  isQueued(name: string, id: string): Promise<boolean> {
    const lane = this.lanes.get(name);
    return Promise.resolve(
      lane !== undefined && (lane.active.has(id) || lane.waiting.some((job) => job.id === id)),
    );
  }

  consume(name: string, handler: DriverHandler, concurrency: number): void {
    const lane = this.lane(name);
    lane.handler = handler;
    lane.concurrency = Math.max(1, concurrency);
    this.pump(name);
  }

  close(): Promise<void> {
    this.closed = true;
    for (const lane of this.lanes.values()) lane.waiting.length = 0;
    return Promise.resolve();
  }

  private lane(name: string): Lane {
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = new Lane();
      this.lanes.set(name, lane);
    }
    return lane;
  }

  private pump(name: string): void {
    const lane = this.lane(name);
    const handler = lane.handler;
    if (!handler) return;
    while (!this.closed && lane.active.size < lane.concurrency) {
      const job = lane.waiting.shift();
      if (!job) return;
      lane.active.add(job.id);
      void handler(job.payload)
        .catch((error: unknown) => this.onError(error, { name, id: job.id }))
        .finally(() => {
          lane.active.delete(job.id);
          this.pump(name);
        });
    }
  }
}
