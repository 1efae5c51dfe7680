import type { AppContext } from '../context';
import type { JobSystem } from './job-system';

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

/** Produces schedules at beat start (reports and alerts will read theirs from the metadata store). */
export type ScheduleSource = (ctx: AppContext, jobs: JobSystem) => Promise<readonly Schedule[]>;

/** Every source the beat loads. Empty for now: reports and alerts register theirs here. */
export const SCHEDULE_SOURCES: readonly ScheduleSource[] = [];

export async function loadSchedules(
  ctx: AppContext,
  jobs: JobSystem,
  sources: readonly ScheduleSource[] = SCHEDULE_SOURCES,
): Promise<Schedule[]> {
  const loaded = await Promise.all(sources.map((source) => source(ctx, jobs)));
  return loaded.flat();
}
