import { describe, expect, it, vi } from 'vitest';
import { InProcessDriver } from './in-process-driver';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('InProcessDriver', () => {
  it('runs jobs in order, at most `concurrency` at a time, and knows what is queued', async () => {
    const driver = new InProcessDriver(() => undefined);
    const started: unknown[] = [];
    const releases = new Map<unknown, () => void>();
    let active = 0;
    let peak = 0;
    for (const n of [1, 2, 3]) await driver.submit('a', `a-${n}`, n);
    driver.consume(
      'a',
      async (payload) => {
        started.push(payload);
        active += 1;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.set(payload, resolve));
        active -= 1;
      },
      2,
    );
    expect(started).toEqual([1, 2]);
    expect(await driver.isQueued('a', 'a-3')).toBe(true);
    expect(await driver.isQueued('a', 'a-4')).toBe(false);
    releases.get(1)?.();
    await tick();
    expect(started).toEqual([1, 2, 3]);
    releases.get(2)?.();
    releases.get(3)?.();
    await tick();
    expect(peak).toBe(2);
    expect(await driver.isQueued('a', 'a-1')).toBe(false);
  });

  it('queues a job id once while it waits or runs, and again once it has ended', async () => {
    const driver = new InProcessDriver(() => undefined);
    const started: unknown[] = [];
    const releases: (() => void)[] = [];
    driver.consume(
      'a',
      async (payload) => {
        started.push(payload);
        await new Promise<void>((resolve) => releases.push(resolve));
      },
      2,
    );
    await driver.submit('a', 'same', 'first');
    // Two beats submit the same instant: the copy submitted while the first runs is dropped, so the
    // id stays queued until the one run ends (a duplicate ending first used to say it was gone).
    await driver.submit('a', 'same', 'second');
    await tick();
    expect(started).toEqual(['first']);
    expect(await driver.isQueued('a', 'same')).toBe(true);
    releases.shift()?.();
    await tick();
    expect(await driver.isQueued('a', 'same')).toBe(false);
    await driver.submit('a', 'same', 'third');
    await tick();
    expect(started).toEqual(['first', 'third']);
  });

  it('keeps job types apart: one type blocked does not hold up another', async () => {
    const driver = new InProcessDriver(() => undefined);
    const ran: string[] = [];
    driver.consume('slow', () => new Promise<void>(() => undefined), 1);
    driver.consume(
      'fast',
      (payload) => {
        ran.push(String(payload));
        return Promise.resolve();
      },
      1,
    );
    await driver.submit('slow', 's-1', 's1');
    await driver.submit('slow', 's-2', 's2');
    await driver.submit('fast', 'f-1', 'f1');
    await tick();
    expect(ran).toEqual(['f1']);
    expect(await driver.isQueued('slow', 's-2')).toBe(true);
    expect(await driver.isQueued('fast', 's-2')).toBe(false);
  });

  it('refuses jobs once closed and reports handler errors with the job', async () => {
    const errors: unknown[] = [];
    const driver = new InProcessDriver((error, job) => errors.push([error, job]));
    driver.consume('a', () => Promise.reject(new Error('boom')), 1);
    await driver.submit('a', 'a-1', {});
    await tick();
    expect(errors).toEqual([[new Error('boom'), { name: 'a', id: 'a-1' }]]);
    await driver.close();
    await expect(driver.submit('a', 'a-2', {})).rejects.toThrow(/closed/);
  });

  it('holds a job with notBefore until then, once per id, and drops it when closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const driver = new InProcessDriver(() => undefined);
      const ran: unknown[] = [];
      driver.consume(
        'a',
        (payload) => {
          ran.push(payload);
          return Promise.resolve();
        },
        4,
      );
      const notBefore = new Date(Date.now() + 5000);
      await driver.submit('a', 'later', 'later', { notBefore });
      await driver.submit('a', 'later', 'again', { notBefore });
      await driver.submit('a', 'now', 'now', { notBefore: new Date(Date.now() - 1) });
      await driver.submit('a', 'dropped', 'dropped', { notBefore: new Date(Date.now() + 9000) });
      expect(ran).toEqual(['now']);
      expect(await driver.isQueued('a', 'later')).toBe(true);
      await vi.advanceTimersByTimeAsync(4999);
      expect(ran).toEqual(['now']);
      await vi.advanceTimersByTimeAsync(1);
      expect(ran).toEqual(['now', 'later']);
      await driver.close();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(ran).toEqual(['now', 'later']);
      expect(await driver.isQueued('a', 'dropped')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
