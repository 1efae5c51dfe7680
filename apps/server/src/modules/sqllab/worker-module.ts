import type { JobModule } from '../../jobs/job-module';
import { createSqlLabRuntime } from './runtime';

/**
 * SQL Lab in a worker: the runtime registers the async-query handler; queries a dead worker left
 * behind are ended before this worker takes new ones.
 */
export const sqlLabJobModule: JobModule = {
  name: 'sqllab',
  async open(ctx, jobs) {
    const runtime = createSqlLabRuntime(ctx, { role: 'worker', jobs });
    const swept = await runtime.sweepNow();
    ctx.log.info({ workerId: runtime.workerId, swept }, 'SQL Lab ready on this worker');
    return runtime;
  },
};
