import type { JobHandler, JobQueue, QueryJob } from './queue';

/** A FIFO in this process; jobs are lost with the process, which the orphan sweep then reports. */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process';
  private readonly waiting: QueryJob[] = [];
  private readonly active = new Set<string>();
  private handler: JobHandler | null = null;
  private concurrency = 1;
  private closed = false;

  constructor(private readonly onError: (error: unknown, job: QueryJob) => void) {}

  submit(job: QueryJob): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The query queue is closed.'));
    this.waiting.push(job);
    this.pump();
    return Promise.resolve();
  }

  isQueued(job: QueryJob): Promise<boolean> {
    return Promise.resolve(
      this.active.has(job.runKey) || this.waiting.some((waiting) => waiting.runKey === job.runKey),
    );
  }

  consume(handler: JobHandler, concurrency: number): void {
    this.handler = handler;
    this.concurrency = Math.max(1, concurrency);
    this.pump();
  }

  close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    return Promise.resolve();
  }

  private pump(): void {
    const handler = this.handler;
    if (!handler) return;
    while (!this.closed && this.active.size < this.concurrency) {
      const job = this.waiting.shift();
      if (!job) return;
      this.active.add(job.runKey);
      void handler(job)
        .catch((error: unknown) => this.onError(error, job))
        .finally(() => {
          this.active.delete(job.runKey);
          this.pump();
        });
    }
  }
}
