import type { AppContext } from '../context';
import { reportScheduleSource } from '../modules/reports/report-beat';
import type { JobSystem } from './job-system';
import type { Schedule } from './schedules';

/** Produces schedules at beat start; each fire reads what it needs from the metadata store then. */
export type ScheduleSource = (ctx: AppContext, jobs: JobSystem) => Promise<readonly Schedule[]>;

/** Every source the beat loads (and the web process, when it runs without Redis). */
export const SCHEDULE_SOURCES: readonly ScheduleSource[] = [reportScheduleSource];

export async function loadSchedules(
  ctx: AppContext,
  jobs: JobSystem,
  sources: readonly ScheduleSource[] = SCHEDULE_SOURCES,
): Promise<Schedule[]> {
  const loaded = await Promise.all(sources.map((source) => source(ctx, jobs)));
  return loaded.flat();
}
