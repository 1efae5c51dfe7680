import type { DriverErrorListener, DriverHandler, JobDriver, SubmitOptions } from './driver';

interface WaitingJob {
  id: string;
  payload: unknown;
}

/** One job type's FIFO, its handler once consumed, and what runs now. */
class Lane {
  readonly waiting: WaitingJob[] = [];
  /** Jobs submitted with a later `notBefore`, by id, until their timer moves them to `waiting`. */
  readonly delayed = new Map<string, NodeJS.Timeout>();
  readonly active = new Set<string>();
  handler: DriverHandler | null = null;
  concurrency = 1;

  /** Whether the job with this id waits, is delayed or runs. */
  holds(id: string): boolean {
    return this.active.has(id) || this.delayed.has(id) || this.waiting.some((job) => job.id === id);
  }
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

  submit(name: string, id: string, payload: unknown, options: SubmitOptions = {}): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The job queue is closed.'));
    const lane = this.lane(name);
    // As BullMQ with a job id: a job that still waits, is delayed or runs is not queued a second time.
    // Two copies would also break isQueued (the first to end would report the id gone while the other
    // still runs) and the concurrency count, which counts ids.
    if (lane.holds(id)) return Promise.resolve();
    const delay = options.notBefore ? options.notBefore.getTime() - Date.now() : 0;
    if (delay <= 0) {
      lane.waiting.push({ id, payload });
      this.pump(name);
      return Promise.resolve();
    }
    const timer = setTimeout(() => {
      lane.delayed.delete(id);
      lane.waiting.push({ id, payload });
      this.pump(name);
    }, delay);
    timer.unref();
    lane.delayed.set(id, timer);
    return Promise.resolve();
  }

  isQueued(name: string, id: string): Promise<boolean> {
    return Promise.resolve(this.lanes.get(name)?.holds(id) ?? false);
  }

  consume(name: string, handler: DriverHandler, concurrency: number): void {
    const lane = this.lane(name);
    lane.handler = handler;
    lane.concurrency = Math.max(1, concurrency);
    this.pump(name);
  }

  close(): Promise<void> {
    this.closed = true;
    for (const lane of this.lanes.values()) {
      lane.waiting.length = 0;
      for (const timer of lane.delayed.values()) clearTimeout(timer);
      lane.delayed.clear();
    }
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
