import { describe, expect, it } from 'vitest';
import type { AsyncEvent } from '@tessera/contracts';
import { compareEventIds } from './event-ids';
import { MemoryEventLog, type NewAsyncEvent } from './event-log';

const event = (channel: string, job: string): NewAsyncEvent => ({
  channel_id: channel,
  job_id: job,
  user_id: 1,
  status: 'done',
  errors: [],
  result_url: `/api/v1/chart/data/${job}`,
});

describe('compareEventIds', () => {
  it('orders by time, then by sequence, numerically', () => {
    expect(compareEventIds('9-0', '10-0')).toBeLessThan(0);
    expect(compareEventIds('10-2', '10-10')).toBeLessThan(0);
    expect(compareEventIds('10-1', '10-1')).toBe(0);
    expect(compareEventIds('11-0', '10-99')).toBeGreaterThan(0);
  });
});

describe('MemoryEventLog', () => {
  it('numbers events in increasing order, reads after last_id per channel, and keeps the last `limit`', async () => {
    const log = new MemoryEventLog(3);
    const appended: AsyncEvent[] = [];
    for (const job of ['a', 'b', 'c', 'd']) appended.push(await log.append(event('one', job)));
    await log.append(event('two', 'x'));
    for (let i = 1; i < appended.length; i += 1)
      expect(compareEventIds(appended[i]?.id ?? '', appended[i - 1]?.id ?? '')).toBeGreaterThan(0);
    expect((await log.read('one', null, 10)).map((e) => e.job_id)).toEqual(['b', 'c', 'd']);
    expect((await log.read('one', appended[1]?.id ?? null, 10)).map((e) => e.job_id)).toEqual(['c', 'd']);
    expect((await log.read('one', null, 1)).map((e) => e.job_id)).toEqual(['b']);
    expect((await log.read('two', null, 10)).map((e) => e.job_id)).toEqual(['x']);
  });

  it('hands new events of a channel to its followers until they stop', async () => {
    const log = new MemoryEventLog(10);
    const seen: string[] = [];
    const stop = log.follow('one', (e) => seen.push(e.job_id));
    await log.append(event('one', 'a'));
    await log.append(event('two', 'b'));
    stop();
    await log.append(event('one', 'c'));
    expect(seen).toEqual(['a']);
  });
});
