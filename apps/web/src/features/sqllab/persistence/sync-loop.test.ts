import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextSyncDelay, startSyncLoop } from './sync-loop';

const timing = { intervalMs: 5000, maxDelayMs: 30_000 };

describe('nextSyncDelay', () => {
  it('keeps the interval through one failure, then doubles it per failure up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map((failures) => nextSyncDelay(failures, timing))).toEqual([
      5000, 5000, 10_000, 20_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('startSyncLoop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for a slow pass before timing the next one, and stops for good', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const starts: number[] = [];
    let elapsed = 0;
    let finish: (ok: boolean) => void = () => undefined;
    const stop = startSyncLoop(() => {
      starts.push(elapsed);
      return new Promise<boolean>((resolve) => {
        finish = resolve;
      });
    }, timing);
    const advance = async (ms: number) => {
      elapsed += ms;
      await vi.advanceTimersByTimeAsync(ms);
    };

    await advance(5000);
    await advance(20_000);
    expect(starts).toEqual([5000]);
    finish(true);
    await advance(5000);
    expect(starts).toEqual([5000, 30_000]);
    stop();
    finish(false);
    await advance(60_000);
    expect(starts).toEqual([5000, 30_000]);
  });

  it('treats a pass that throws as a failed one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const stop = startSyncLoop(() => {
      calls += 1;
      return Promise.reject(new Error('bug'));
    }, timing);
    await vi.advanceTimersByTimeAsync(5000 + 5000 + 9999);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(3);
    expect(error).toHaveBeenCalledTimes(3);
    stop();
    error.mockRestore();
  });
});
