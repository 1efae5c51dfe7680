import { describe, expect, it } from 'vitest';
import { RunningQueries } from './running';

describe('RunningQueries', () => {
  it('aborts with the first reason given and forgets finished runs', () => {
    const running = new RunningQueries();
    const handle = running.start(1);
    expect(running.has(1)).toBe(true);
    expect(running.cancel(1, 'timeout')).toBe(true);
    running.cancel(1, 'stopped');
    expect(handle.signal.aborted).toBe(true);
    expect(handle.reason()).toBe('timeout');
    handle.finish();
    expect(running.has(1)).toBe(false);
    expect(running.cancel(1, 'stopped')).toBe(false);
  });

  it('cancels everything at shutdown', () => {
    const running = new RunningQueries();
    const a = running.start(1);
    const b = running.start(2);
    expect(running.cancelAll('shutdown')).toBe(2);
    expect([a.reason(), b.reason()]).toEqual(['shutdown', 'shutdown']);
  });
});
