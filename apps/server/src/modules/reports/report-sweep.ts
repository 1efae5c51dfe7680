import type { MetadataDb } from '../../db/kysely';
import { RUN_MESSAGES } from './report-executor';
import {
  findReport,
  finishRun,
  pruneRunsBefore,
  recordScheduleState,
  reportRetentions,
  workingRuns,
} from './reports.repo';

const DAY_MS = 86_400_000;

/** What the sweep tells of a run it closed after a crash mid-send: it may have been delivered, once. */
export const SWEPT_AFTER_SENDING =
  'Report Schedule reached a working timeout after its notification was handed to the sender; it is not sent again.';

export interface SweepResult {
  timedOut: number;
  pruned: number;
}

/**
 * The reports' sweep (a beat schedule, reports README): runs still Working past their schedule's
 * working_timeout (plus the lag) end Error — a worker that died mid-run (kill -9) leaves such a row, and its executor
 * would have aborted it already if alive — and each schedule's log loses the runs scheduled more than
 * log_retention days ago (Working ones excepted).
 */
export async function sweepReports(
  db: MetadataDb,
  now: Date,
  options: { lagSeconds: number },
): Promise<SweepResult> {
  let timedOut = 0;
  for (const run of await workingRuns(db, now.toISOString())) {
    if (run.start_dttm === null) continue;
    // The lag (ALERT_REPORTS_WORKING_TIME_OUT_LAG) lets a live executor, whose own timer fires at
    // working_timeout, record its verdict before the sweep records one for it.
    const deadline = Date.parse(run.start_dttm) + (run.working_timeout + options.lagSeconds) * 1000;
    if (deadline > now.getTime()) continue;
    const sent = run.error_message?.startsWith(RUN_MESSAGES.sendingPrefix) === true;
    const ended = await finishRun(db, run.id, {
      state: 'Error',
      errorMessage: sent ? SWEPT_AFTER_SENDING : RUN_MESSAGES.workingTimeout,
      endDttm: now.toISOString(),
    });
    if (!ended) continue;
    timedOut += 1;
    // A later instant may have finished since this one stuck; the list shows the latest evaluation.
    const report = await findReport(db, run.report_schedule_id);
    if (report && (report.last_eval_dttm === null || report.last_eval_dttm < run.start_dttm)) {
      await recordScheduleState(db, run.report_schedule_id, {
        lastState: 'Error',
        lastEvalDttm: now.toISOString(),
      });
    }
  }
  let pruned = 0;
  for (const report of await reportRetentions(db)) {
    const before = new Date(now.getTime() - report.log_retention * DAY_MS).toISOString();
    pruned += await pruneRunsBefore(db, report.id, before);
  }
  return { timedOut, pruned };
}
