import pino from 'pino';
import type { AppContext } from '../context';
import { openContext } from '../init';
import { createSqlLabRuntime } from '../modules/sqllab/runtime';
import { logBackendErrors } from '../platform/backend-errors';
import { ConfigError, type Config } from '../platform/config';
import { REDACTED_PATHS } from '../platform/logger';

export interface WorkerOptions {
  /** Async queries this process runs at a time. */
  concurrency: number;
}

/**
 * `tessera worker`: consumes the BullMQ queue that web processes fill, until SIGTERM or SIGINT.
 * At start it ends queries that a dead worker left behind; at shutdown it cancels what it runs
 * and records those queries as failed, so none stays running.
 */
export async function runWorker(config: Config, options: WorkerOptions): Promise<void> {
  if (!config.redisUrl)
    throw new ConfigError(
      'tessera worker needs REDIS_URL: without Redis the web process runs asynchronous queries itself.',
    );
  const base = await openContext(config);
  const log = pino({ level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
  const ctx: AppContext = { ...base, log };
  logBackendErrors(base.store, base.databases, log);
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection; the worker keeps running');
  });
  const runtime = createSqlLabRuntime(ctx, { role: 'worker', concurrency: options.concurrency });
  const swept = await runtime.sweepNow();
  log.info({ workerId: runtime.workerId, concurrency: options.concurrency, swept }, 'worker started');
  process.stdout.write(`Tessera worker ${runtime.workerId} is consuming queries.\n`);
  const signal = await new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  log.info({ signal }, 'worker shutting down');
  await runtime.close();
  await ctx.databases.closeAll();
  await base.store.close();
}
