import type { AppContext } from '../../context';
import type { JobModule } from '../../jobs/job-module';
import type { JobSystem } from '../../jobs/job-system';
import { ReportExecutor } from './report-executor';
import type { ReportPorts } from './report-ports';
import { liveReportPorts } from './report-live-ports';
import { sweepReports } from './report-sweep';

/** Runs at a time per process: rendering holds a browser page and a query slot each. */
const REPORT_RUN_CONCURRENCY = 4;

/** Registers the `report-run` handler into `jobs`; call before jobs.serve(). */
export function registerReportJobs(ctx: AppContext, jobs: JobSystem, ports: ReportPorts): ReportExecutor {
  const executor = new ReportExecutor(ctx, ports);
  jobs.register({
    name: 'report-run',
    handle: (payload) => executor.run(payload),
    concurrency: REPORT_RUN_CONCURRENCY,
  });
  return executor;
}

/**
 * Reports in `tessera worker`: runs a dead worker left Working past their timeout are closed before
 * this worker takes new ones; closing aborts the runs in progress (they end Error).
 */
export const reportJobModule: JobModule = {
  name: 'reports',
  async open(ctx, jobs) {
    // Chromium (launched on the first screenshot) and the SMTP/webhook transports from the settings.
    const ports = liveReportPorts(ctx);
    const executor = registerReportJobs(ctx, jobs, ports);
    const swept = await sweepReports(ctx.store.db, new Date(), {
      lagSeconds: ctx.config.constants.ALERT_REPORTS_WORKING_TIME_OUT_LAG,
    });
    ctx.log.info(swept, 'reports ready on this worker');
    return {
      async close() {
        executor.close();
        await ports.close();
      },
    };
  },
};
