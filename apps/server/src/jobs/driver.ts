/** Where a failure happened: a job's handler (with the job) or the transport itself (null). */
export interface FailedJob {
  name: string;
  id: string;
}

export type DriverErrorListener = (error: unknown, job: FailedJob | null) => void;

/** Runs one job's payload; the driver hands over what it stored, the job system parses it. */
export type DriverHandler = (payload: unknown) => Promise<void>;

export interface SubmitOptions {
  /**
   * Not handed to a consumer before this time. A job waits in the queue, not in a consumer, so one
   * due later is not lost with a consumer that dies before it is due.
   */
  notBefore?: Date;
}

/**
 * How jobs travel from whoever submits them to whoever runs them. Knows nothing of job types:
 * `name` is the job type, `id` is the submitter's key for one job (a second submit with the same
 * id while the first still waits is ignored by BullMQ, so ids must be unique per run).
 */
export interface JobDriver {
  readonly kind: 'in-process' | 'bullmq';
  /** Rejects when the job could not be queued. */
  submit(name: string, id: string, payload: unknown, options?: SubmitOptions): Promise<void>;
  /** Whether the job still waits or runs; false once it finished or was lost. */
  isQueued(name: string, id: string): Promise<boolean>;
  /** Starts running jobs of type `name` with `handler`, at most `concurrency` at a time. */
  consume(name: string, handler: DriverHandler, concurrency: number): void;
  /** Stops taking jobs; running handlers are not awaited (their owners cancel them). */
  close(): Promise<void>;
}
