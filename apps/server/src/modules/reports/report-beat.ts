import type { AppContext } from '../../context';
import type { JobSystem } from '../../jobs/job-system';
import type { Schedule } from '../../jobs/schedules';
import { instantsBetween } from './report-instants';
import { sweepReports } from './report-sweep';
import { activeReports } from './reports.repo';

/** The job id of one instant: the same in every beat, so a queue that dedupes by id keeps one. */
export const reportRunJobId = (reportId: number, scheduledDttm: string): string =>
  `report-${reportId}-${scheduledDttm}`;

/**
 * Enqueues a `report-run` job for every instant of every active schedule in [from, to], each cron
 * read in its schedule's IANA zone. Several beats may enqueue the same instant: the executor's claim
 * runs it once. Returns how many jobs were submitted.
 */
export async function enqueueDueRuns(
  ctx: AppContext,
  jobs: JobSystem,
  from: Date,
  to: Date,
): Promise<number> {
  let submitted = 0;
  for (const report of await activeReports(ctx.store.db)) {
    for (const instant of instantsBetween(report.crontab, report.timezone, from, to)) {
      const scheduledDttm = instant.toISOString();
      // Held in the queue until due: a worker that took it early and died would lose the instant.
      await jobs.submit(
        'report-run',
        reportRunJobId(report.id, scheduledDttm),
        { reportId: report.id, scheduledDttm },
        { notBefore: instant },
      );
      submitted += 1;
    }
  }
  return submitted;
}

/**
 * The reports' two beat schedules. `reports:window` fires every minute and enqueues the instants of
 * the ALERT_REPORTS_CRON_WINDOW_SIZE seconds from its slot (59 s: the window ends before the next
 * slot begins, so no instant falls in two windows of one beat). `reports:sweep` closes runs past
 * working_timeout and prunes logs past log_retention.
 */
export function reportScheduleSource(ctx: AppContext, jobs: JobSystem): Promise<readonly Schedule[]> {
  const window: Schedule = {
    key: 'reports:window',
    cron: '* * * * *',
    async fire(slot) {
      const to = new Date(slot.getTime() + ctx.config.constants.ALERT_REPORTS_CRON_WINDOW_SIZE * 1000);
      const submitted = await enqueueDueRuns(ctx, jobs, slot, to);
      if (submitted > 0) ctx.log.info({ slot: slot.toISOString(), submitted }, 'reports: runs enqueued');
    },
  };
  const sweep: Schedule = {
    key: 'reports:sweep',
    cron: '* * * * *',
    async fire() {
      const result = await sweepReports(ctx.store.db, new Date(), {
        lagSeconds: ctx.config.constants.ALERT_REPORTS_WORKING_TIME_OUT_LAG,
      });
      if (result.timedOut > 0 || result.pruned > 0) ctx.log.info(result, 'reports: sweep');
    },
  };
  return Promise.resolve(ctx.config.featureFlags.ALERT_REPORTS ? [window, sweep] : []);
}
