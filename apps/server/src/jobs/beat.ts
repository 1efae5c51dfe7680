import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../context';
import { openContext } from '../init';
import { ConfigError, type Config } from '../platform/config';
import { closeRedis, createRedis, warnAtMostEvery } from '../platform/redis';
import { redisFireLock } from './fire-lock';
import { createJobSystem, logJobErrors } from './job-system';
import { processLogger, untilStopSignal } from './process-log';
import { Scheduler } from './scheduler';
import { loadSchedules } from './schedule-sources';

/**
 * `tessera beat`: fires the registered schedules (which submit jobs for the workers) until SIGTERM
 * or SIGINT. Several beats may run for availability: a Redis claim per scheduled run lets only one
 * of them fire it. Without Redis the web process runs the schedules itself, so this refuses.
 */
export async function runBeat(config: Config): Promise<void> {
  if (!config.redisUrl)
    throw new ConfigError(
      'tessera beat needs REDIS_URL: without Redis the web process runs the schedules itself.',
    );
  const base = await openContext(config);
  const log = processLogger(config);
  const ctx: AppContext = { ...base, log };
  const jobs = createJobSystem(config, logJobErrors(log));
  const redis = createRedis(
    config.redisUrl,
    'commands',
    warnAtMostEvery(30_000, (error) => log.warn({ err: error }, 'beat: Redis unavailable')),
  );
  const beatId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const scheduler = new Scheduler({
    schedules: await loadSchedules(ctx, jobs),
    lock: redisFireLock(redis, beatId, config.queuePrefix ?? undefined),
    log,
  });
  // Listen before announcing the start: a SIGTERM that arrives with no listener kills the process at
  // once (the default action), so whoever waits for the start line could stop it without a clean shutdown.
  const stopSignal = untilStopSignal();
  const armed = scheduler.start();
  log.info({ beatId, schedules: armed }, 'beat started');
  process.stdout.write(`Tessera beat: started, ${armed} schedule${armed === 1 ? '' : 's'}.\n`);
  const signal = await stopSignal;
  log.info({ signal }, 'beat shutting down');
  await scheduler.stop();
  await jobs.close();
  await closeRedis(redis);
  await ctx.databases.closeAll();
  await base.store.close();
  process.stdout.write('Tessera beat: stopped.\n');
}
