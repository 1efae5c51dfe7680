import { Cron } from 'croner';

/**
 * The scheduled instants of a cron read in an IANA zone, from `from` up to and including `to`.
 * Croner does the zone arithmetic, so 09:00 Europe/Paris stays 09:00 local across the daylight-saving
 * change (08:00Z in winter, 07:00Z in summer); a local time the change skips or repeats happens once.
 * An unreadable pattern or zone yields no instants: such a row was stored before a check existed,
 * and it must not stop the other schedules of the window.
 */
export function instantsBetween(crontab: string, timezone: string, from: Date, to: Date): Date[] {
  const instants: Date[] = [];
  try {
    // Croner checks the zone only when it computes a run, so both steps sit in the try.
    const cron = new Cron(crontab.trim(), { paused: true, timezone });
    // nextRun(x) is strictly after x: start one millisecond early so `from` itself counts.
    let next = cron.nextRun(new Date(from.getTime() - 1));
    while (next !== null && next.getTime() <= to.getTime()) {
      instants.push(next);
      next = cron.nextRun(next);
    }
  } catch {
    return [];
  }
  return instants;
}
