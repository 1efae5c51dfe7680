import type { SqlLabQueryJob } from '@tessera/contracts';
import type { ResultsBackend } from './results/stored-results';
import type { RunningQueries } from './running';

// The runtime's shape apart from its construction (runtime.ts), so the job handler, the executor and
// the sweep can name it without importing the file that wires them together.

/** SQL Lab's view of the job system: submit a run, and ask whether it still waits or runs. */
export interface SqlLabQueue {
  /** Rejects when the job could not be queued (the caller fails the query with ASYNC_WORKERS_ERROR). */
  submit(job: SqlLabQueryJob): Promise<void>;
  /** False once the job is lost (for the orphan sweep). */
  isQueued(job: SqlLabQueryJob): Promise<boolean>;
}

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

export interface SqlLabRuntime {
  readonly role: 'web' | 'worker';
  readonly workerId: string;
  readonly queue: SqlLabQueue;
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
