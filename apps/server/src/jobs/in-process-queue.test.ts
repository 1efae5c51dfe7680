import { describe, expect, it } from 'vitest';
import { InProcessQueue } from './in-process-queue';

describe('InProcessQueue', () => {
  it('runs jobs in order, at most `concurrency` at a time, and knows what is queued', async () => {
    const queue = new InProcessQueue(() => undefined);
    const started: number[] = [];
    const releases = new Map<number, () => void>();
    let active = 0;
    let peak = 0;
    for (const queryId of [1, 2, 3]) await queue.submit({ queryId, runKey: `${queryId}-0` });
    queue.consume(async (job) => {
      started.push(job.queryId);
      active += 1;
      peak = Math.max(peak, active);
      await new Promise<void>((resolve) => releases.set(job.queryId, resolve));
      active -= 1;
    }, 2);
    expect(started).toEqual([1, 2]);
    expect(await queue.isQueued({ queryId: 3, runKey: '3-0' })).toBe(true);
    expect(await queue.isQueued({ queryId: 3, runKey: '3-1' })).toBe(false);
    releases.get(1)?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual([1, 2, 3]);
    releases.get(2)?.();
    releases.get(3)?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(peak).toBe(2);
    expect(await queue.isQueued({ queryId: 1, runKey: '1-0' })).toBe(false);
  });

  it('refuses jobs once closed and reports handler errors', async () => {
    const errors: unknown[] = [];
    const queue = new InProcessQueue((error) => errors.push(error));
    queue.consume(() => Promise.reject(new Error('boom')), 1);
    await queue.submit({ queryId: 1, runKey: '1-0' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).toHaveLength(1);
    await queue.close();
    await expect(queue.submit({ queryId: 2, runKey: '2-0' })).rejects.toThrow(/closed/);
  });
});
