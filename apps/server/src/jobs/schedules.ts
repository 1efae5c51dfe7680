/** Something to do on a cron pattern; usually it submits a job, so the work runs on a worker. */
export interface Schedule {
  /** Unique and stable across processes: two beats use it to agree on who fires a run. */
  key: string;
  /** Croner pattern: 5 fields, or 6 with seconds first. */
  cron: string;
  /** IANA zone the pattern is read in; UTC when absent. */
  timezone?: string;
  /** `slot` is the scheduled time of this run (not the moment the timer went off). */
  fire(slot: Date): Promise<void>;
}
