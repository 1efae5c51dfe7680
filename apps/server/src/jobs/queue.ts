/** One queued SQL Lab run: the row holds everything else (rendered SQL, limit, CTAS...). */
export interface QueryJob {
  queryId: number;
  /**
   * Unique per run (query id and start time): a queue that outlived its metadata store, or a rerun
   * of the same row, never mistakes an old job for this one.
   */
  runKey: string;
}

export const runKeyOf = (queryId: number, startTime: number | null): string => `${queryId}-${startTime ?? 0}`;

export type JobHandler = (job: QueryJob) => Promise<void>;

/**
 * Where async queries wait for a runner: BullMQ on Redis when REDIS_URL is set (served by
 * `tessera worker` processes), otherwise an in-process queue served by the web process itself.
 */
export interface JobQueue {
  readonly kind: 'in-process' | 'bullmq';
  /** Rejects when the job could not be queued (the caller fails the query with ASYNC_WORKERS_ERROR). */
  submit(job: QueryJob): Promise<void>;
  /** Whether a job for the query still waits or runs; false once it is lost (for the orphan sweep). */
  isQueued(job: QueryJob): Promise<boolean>;
  /** Starts running jobs with `handler`, at most `concurrency` at a time. */
  consume(handler: JobHandler, concurrency: number): void;
  /** Stops taking jobs; running handlers are not awaited (their queries are cancelled by the owner). */
  close(): Promise<void>;
}
