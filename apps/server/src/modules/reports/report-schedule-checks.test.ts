import { appConstantsSchema } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/errors';
import { checkCustomWidth, frequencyProblem, parsedCron, shortestGapSeconds } from './report-schedule-checks';

const constants = (overrides: Record<string, number>) => appConstantsSchema.parse(overrides);

function statusOf(run: () => unknown): number | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.statusCode : -1;
  }
}

describe('report schedule checks', () => {
  it('takes five-field crons and nicknames, and refuses seconds fields and crons that never fire', () => {
    expect(statusOf(() => parsedCron('0 9 * * 1', 'UTC'))).toBeNull();
    expect(statusOf(() => parsedCron('@daily', 'Europe/Paris'))).toBeNull();
    expect(statusOf(() => parsedCron('*/5 * * * * *', 'UTC'))).toBe(400);
    expect(statusOf(() => parsedCron('0 0 30 2 *', 'UTC'))).toBe(400);
    expect(statusOf(() => parsedCron('99 * * * *', 'UTC'))).toBe(400);
  });

  it('measures the shortest gap between runs, in the schedule time zone', () => {
    expect(shortestGapSeconds(parsedCron('0 9 * * 1', 'UTC'), 3600)).toBe(7 * 86_400);
    expect(shortestGapSeconds(parsedCron('0,45 * * * *', 'UTC'), 3600)).toBe(15 * 60);
    expect(shortestGapSeconds(parsedCron('0 9 * * *', 'America/New_York'), 86_400)).toBeGreaterThanOrEqual(
      23 * 3600,
    );
  });

  it('applies the minimum interval of the schedule type only', () => {
    const limits = constants({ ALERT_MINIMUM_INTERVAL: 600, REPORT_MINIMUM_INTERVAL: 0 });
    const everyFive = parsedCron('*/5 * * * *', 'UTC');
    expect(frequencyProblem(everyFive, 'Report', limits)).toBeNull();
    expect(frequencyProblem(everyFive, 'Alert', limits)).toContain('minimum interval of 10 minutes');
    expect(frequencyProblem(parsedCron('*/10 * * * *', 'UTC'), 'Alert', limits)).toBeNull();
  });

  it('keeps custom widths within the configured bounds', () => {
    const limits = constants({});
    expect(statusOf(() => checkCustomWidth(null, limits))).toBeNull();
    expect(statusOf(() => checkCustomWidth(600, limits))).toBeNull();
    expect(statusOf(() => checkCustomWidth(2400, limits))).toBeNull();
    expect(statusOf(() => checkCustomWidth(599, limits))).toBe(400);
    expect(statusOf(() => checkCustomWidth(2401, limits))).toBe(400);
  });
});
