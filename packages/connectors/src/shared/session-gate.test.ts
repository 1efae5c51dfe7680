import { describe, expect, it } from 'vitest';
import { ConnectorError } from '../types';
import { SessionGate } from './session-gate';

const cancelledError = (cause?: unknown): ConnectorError =>
  new ConnectorError('cancelled', 'The query was cancelled.', 'Test', {}, { cause });

function deferred(): { promise: Promise<string>; resolve: (v: string) => void; reject: (e: Error) => void } {
  let resolve: (v: string) => void = () => undefined;
  let reject: (e: Error) => void = () => undefined;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SessionGate', () => {
  it('runs work one at a time in order', async () => {
    const gate = new SessionGate(() => Promise.resolve(), cancelledError);
    const order: string[] = [];
    const first = deferred();
    const a = gate.run(async () => {
      order.push('a-start');
      const v = await first.promise;
      order.push('a-end');
      return v;
    });
    const b = gate.run(() => {
      order.push('b');
      return Promise.resolve('b');
    });
    first.resolve('a');
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(order).toEqual(['a-start', 'a-end', 'b']);
  });

  it('interrupts the running work and rejects it as cancelled, even if it then succeeds', async () => {
    let interrupts = 0;
    const work = deferred();
    const gate = new SessionGate(() => {
      interrupts += 1;
      work.resolve('finished anyway');
      return Promise.resolve();
    }, cancelledError);
    let started = false;
    const running = gate.run(() => {
      started = true;
      return work.promise;
    });
    await expect.poll(() => started).toBe(true);
    await gate.cancel();
    await expect(running).rejects.toMatchObject({ kind: 'cancelled' });
    expect(interrupts).toBe(1);
  });

  it('stays cancelled for later work without interrupting an idle session', async () => {
    let interrupts = 0;
    const gate = new SessionGate(() => {
      interrupts += 1;
      return Promise.resolve();
    }, cancelledError);
    await gate.cancel();
    await expect(gate.run(() => Promise.resolve('x'))).rejects.toMatchObject({ kind: 'cancelled' });
    expect(interrupts).toBe(0);
  });

  it('retries the interrupt while the statement keeps running', async () => {
    let interrupts = 0;
    const work = deferred();
    const gate = new SessionGate(() => {
      interrupts += 1;
      // The first interrupt reaches an engine that has not started the statement yet.
      if (interrupts === 2) work.reject(new Error('interrupted'));
      return Promise.resolve();
    }, cancelledError);
    let started = false;
    const running = gate.run(() => {
      started = true;
      return work.promise;
    });
    await expect.poll(() => started).toBe(true);
    await gate.cancel();
    await expect(running).rejects.toMatchObject({ kind: 'cancelled' });
    expect(interrupts).toBe(2);
  });

  it('cancels through an AbortSignal', async () => {
    const work = deferred();
    const gate = new SessionGate(() => {
      work.reject(new Error('engine said: interrupted'));
      return Promise.resolve();
    }, cancelledError);
    const controller = new AbortController();
    let started = false;
    const running = gate.run(() => {
      started = true;
      return work.promise;
    }, controller.signal);
    await expect.poll(() => started).toBe(true);
    controller.abort();
    await expect(running).rejects.toMatchObject({ kind: 'cancelled' });
    const aborted = new AbortController();
    aborted.abort();
    await expect(
      new SessionGate(() => Promise.resolve(), cancelledError).run(() => Promise.resolve(1), aborted.signal),
    ).rejects.toMatchObject({
      kind: 'cancelled',
    });
  });

  it('passes ordinary errors through', async () => {
    const gate = new SessionGate(() => Promise.resolve(), cancelledError);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
