import { describe, expect, it } from 'vitest';
import { refreshPlan } from './stagger';

describe('refreshPlan', () => {
  it('is off for frequency 0', () => {
    expect(refreshPlan([1, 2], { frequency: 0 })).toBeNull();
  });
  it('spreads charts over the default stagger time of 5000 ms', () => {
    expect(refreshPlan([1, 2, 3, 4], { frequency: 60 })).toEqual({
      intervalMs: 60_000,
      schedule: [
        { chartId: 1, delayMs: 0 },
        { chartId: 2, delayMs: 1250 },
        { chartId: 3, delayMs: 2500 },
        { chartId: 4, delayMs: 3750 },
      ],
    });
  });
  it('never refreshes faster than stagger_time', () => {
    expect(refreshPlan([1], { frequency: 10, staggerTime: 30_000 })?.intervalMs).toBe(30_000);
  });
  it('refreshes all at once without staggering, skipping immune charts', () => {
    expect(
      refreshPlan([1, 2, 3], { frequency: 10, staggerRefresh: false, immuneChartIds: [2] })?.schedule,
    ).toEqual([
      { chartId: 1, delayMs: 0 },
      { chartId: 3, delayMs: 0 },
    ]);
  });
});
