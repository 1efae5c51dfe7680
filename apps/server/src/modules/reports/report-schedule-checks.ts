import { Cron } from 'croner';
import {
  REPORT_MESSAGES,
  reportFrequencyMessage,
  type AppConstants,
  type ReportType,
} from '@tessera/contracts';
import { messageError } from '../../platform/errors';

/** Croner also takes a seconds field; schedules here are five-field cron (or a nickname), as croniter's. */
const NICKNAME = /^@(yearly|annually|monthly|weekly|daily|midnight|hourly)$/i;

/** The cron as croner reads it in the zone, or a 400 `{crontab: […]}` (reference §10: a schema error). */
export function parsedCron(crontab: string, timezone: string): Cron {
  const text = crontab.trim();
  if (!NICKNAME.test(text) && text.split(/\s+/).length !== 5) {
    throw messageError(400, { crontab: [REPORT_MESSAGES.invalidCron] });
  }
  let cron: Cron;
  try {
    cron = new Cron(text, { paused: true, timezone });
  } catch {
    throw messageError(400, { crontab: [REPORT_MESSAGES.invalidCron] });
  }
  // A pattern that is valid but never fires (31 February) is no schedule.
  if (cron.nextRun() === null) throw messageError(400, { crontab: [REPORT_MESSAGES.invalidCron] });
  return cron;
}

/**
 * The shortest gap between consecutive runs over the next few dozen (like Superset, which looks ahead
 * 60 runs for short limits and 24 for longer ones), in seconds.
 */
export function shortestGapSeconds(cron: Cron, minimumSeconds: number): number {
  const runs = cron.nextRuns(minimumSeconds <= 3660 ? 61 : 25);
  let shortest = Number.POSITIVE_INFINITY;
  for (let i = 1; i < runs.length; i += 1) {
    const current = runs[i];
    const previous = runs[i - 1];
    if (current === undefined || previous === undefined) continue;
    shortest = Math.min(shortest, (current.getTime() - previous.getTime()) / 1000);
  }
  return shortest;
}

/** ALERT_MINIMUM_INTERVAL / REPORT_MINIMUM_INTERVAL: the problem with this cron, or null. */
export function frequencyProblem(cron: Cron, type: ReportType, constants: AppConstants): string | null {
  const minimum = type === 'Alert' ? constants.ALERT_MINIMUM_INTERVAL : constants.REPORT_MINIMUM_INTERVAL;
  if (minimum <= 0) return null;
  return shortestGapSeconds(cron, minimum) < minimum ? reportFrequencyMessage(type, minimum) : null;
}

/** custom_width within the configured bounds, else 400 as Superset's schema answers it. */
export function checkCustomWidth(width: number | null | undefined, constants: AppConstants): void {
  if (width === null || width === undefined) return;
  const min = constants.ALERT_REPORTS_MIN_CUSTOM_SCREENSHOT_WIDTH;
  const max = constants.ALERT_REPORTS_MAX_CUSTOM_SCREENSHOT_WIDTH;
  if (width < min || width > max) {
    throw messageError(400, { custom_width: [`Screenshot width must be between ${min}px and ${max}px`] });
  }
}
