import type { AppContext } from '../context';
import { openContext } from '../init';
import { logBackendErrors } from '../platform/backend-errors';
import { ConfigError, type Config } from '../platform/config';
import { createJobSystem, logJobErrors } from './job-system';
import { processLogger, untilStopSignal } from './process-log';
import { WORKER_JOB_MODULES } from './worker-modules';

export interface WorkerOptions {
  /** Jobs of each type this process runs at a time; absent: each type's own default. */
  concurrency?: number;
}

/**
 * `tessera worker`: serves every registered job type from the Redis queues that web processes
 * fill, until SIGTERM or SIGINT. At shutdown it stops taking jobs, then each module cancels what
 * it runs (SQL Lab records those queries as failed), so nothing stays running.
 */
export async function runWorker(config: Config, options: WorkerOptions): Promise<void> {
  if (!config.redisUrl)
    throw new ConfigError(
      'tessera worker needs REDIS_URL: without Redis the web process runs asynchronous queries itself.',
    );
  const base = await openContext(config);
  const log = processLogger(config);
  const ctx: AppContext = { ...base, log };
  logBackendErrors(base.store, base.databases, log);
  const jobs = createJobSystem(config, logJobErrors(log));
  const modules = [];
  for (const module of WORKER_JOB_MODULES) modules.push(await module.open(ctx, jobs));
  // Listen before announcing the start: a SIGTERM that arrives with no listener kills the process at
  // once (the default action), so whoever waits for the start line could stop it without a clean shutdown.
  const stopSignal = untilStopSignal();
  const served = jobs.serve(options.concurrency === undefined ? {} : { concurrency: options.concurrency });
  log.info({ jobTypes: served, concurrency: options.concurrency }, 'worker started');
  process.stdout.write(`Tessera worker is consuming queries (job types: ${served.join(', ')}).\n`);
  const signal = await stopSignal;
  log.info({ signal }, 'worker shutting down');
  await jobs.close();
  for (const module of modules) await module.close();
  await ctx.databases.closeAll();
  await base.store.close();
}
