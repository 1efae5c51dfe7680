import { describe, expect, it } from 'vitest';
import { describeCron } from './describe-cron';

describe('describeCron', () => {
  it.each([
    ['0 9 * * 1', 'At 09:00 AM, only on Monday'],
    ['0 0 * * *', 'At 12:00 AM'],
    ['30 14 * * *', 'At 02:30 PM'],
    ['* * * * *', 'Every minute'],
    ['*/5 * * * *', 'Every 5 minutes'],
    ['0 * * * *', 'Every hour'],
    ['15 * * * *', 'At 15 minutes past the hour'],
    ['0 */2 * * *', 'At 0 minutes past the hour, every 2 hours'],
    ['0 9 * * 1-5', 'At 09:00 AM, Monday through Friday'],
    ['0 9 * * MON-FRI', 'At 09:00 AM, Monday through Friday'],
    ['0 9 * * 1,3', 'At 09:00 AM, only on Monday and Wednesday'],
    ['0 8 1 * *', 'At 08:00 AM, on day 1 of the month'],
    ['0 8 1 1 *', 'At 08:00 AM, on day 1 of the month, only in January'],
    ['0 9,17 * * *', 'At 09:00 AM and 05:00 PM'],
    ['0 12 * * 0', 'At 12:00 PM, only on Sunday'],
    ['0 12 * * 7', 'At 12:00 PM, only on Sunday'],
    ['@daily', 'At 12:00 AM'],
    ['@weekly', 'At 12:00 AM, only on Sunday'],
    ['*/10 9 * * *', 'Every 10 minutes, between 09:00 AM and 09:59 AM'],
  ])('%s reads as %s', (cron, text) => {
    expect(describeCron(cron)).toBe(text);
  });

  it.each(['0 0 L * *', '5/15 * * * *', '0 0 * * 1#2', 'nonsense', '0 0 * *', '0 25 * * *', '0 9 * * 5-1'])(
    'falls back to the cron text for %s',
    (cron) => {
      expect(describeCron(cron)).toBe(cron);
    },
  );
});
