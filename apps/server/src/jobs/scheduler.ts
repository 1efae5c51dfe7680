import { Cron } from 'croner';
import type { FireLock } from './fire-lock';
import type { Schedule } from './schedules';

/** setTimeout's ceiling; longer waits are taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** A run missed by more than this (the process slept) is skipped instead of fired late. */
const MAX_LATENESS_MS = 60_000;

interface SchedulerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SchedulerOptions {
  schedules: readonly Schedule[];
  /** Null when this is the only scheduler (the embedded, Redis-less server). */
  lock: FireLock | null;
  log: SchedulerLog;
}

/**
 * Fires schedules at their cron times. Croner only computes the times; this class keeps the
 * timers, so each run is known by its scheduled slot and two schedulers can agree on who fires it.
 */
export class Scheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly firing = new Set<Promise<void>>();
  private stopped = false;
  private started = 0;

  constructor(private readonly options: SchedulerOptions) {}

  /** Arms every valid schedule; returns how many. A bad pattern is logged and skipped. */
  start(): number {
    for (const schedule of this.options.schedules) {
      let cron: Cron;
      try {
        cron = new Cron(schedule.cron, { paused: true, timezone: schedule.timezone ?? 'Etc/UTC' });
      } catch (error) {
        this.options.log.warn({ err: error, schedule: schedule.key }, 'beat: schedule skipped, bad cron');
        continue;
      }
      this.started += 1;
      this.arm(schedule, cron, cron.nextRun());
    }
    return this.started;
  }

  /** Stops arming runs and waits for the ones being fired. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.firing]);
  }

  private arm(schedule: Schedule, cron: Cron, slot: Date | null): void {
    if (this.stopped || slot === null) return;
    const wait = Math.min(Math.max(0, slot.getTime() - Date.now()), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      if (Date.now() < slot.getTime()) {
        this.arm(schedule, cron, slot);
        return;
      }
      const work = this.fire(schedule, slot);
      this.firing.add(work);
      void work.finally(() => this.firing.delete(work));
      const following = cron.nextRun(slot);
      const late = following !== null && following.getTime() < Date.now() - MAX_LATENESS_MS;
      this.arm(schedule, cron, late ? cron.nextRun() : following);
    }, wait);
    this.timers.set(schedule.key, timer);
  }

  private async fire(schedule: Schedule, slot: Date): Promise<void> {
    const { lock, log } = this.options;
    if (lock) {
      try {
        if (!(await lock.claim(`${schedule.key}:${slot.toISOString()}`))) return;
      } catch (error) {
        // Better a missed run than one fired by every beat.
        log.warn({ err: error, schedule: schedule.key }, 'beat: run skipped, lock unavailable');
        return;
      }
    }
    try {
      await schedule.fire(slot);
    } catch (error) {
      log.error({ err: error, schedule: schedule.key, slot: slot.toISOString() }, 'beat: schedule failed');
    }
  }
}
