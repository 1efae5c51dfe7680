import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AsyncEvent } from '@tessera/contracts';
import {
  AsyncEventClient,
  AsyncJobError,
  type AsyncEventClientOptions,
  type SocketLike,
} from './async-event-client';

let nextId = 1;
const event = (jobId: string, status: 'done' | 'error', extra: Partial<AsyncEvent> = {}): AsyncEvent => ({
  id: `${1000 + nextId++}-0`,
  channel_id: 'c',
  job_id: jobId,
  user_id: 1,
  status,
  errors: status === 'error' ? [{ message: 'Error: boom' }] : [],
  result_url: status === 'done' ? `/api/v1/chart/data/${jobId}` : null,
  ...extra,
});

interface FakeSocket extends SocketLike {
  url: string;
}

function setup(overrides: Partial<AsyncEventClientOptions> = {}) {
  const batches: AsyncEvent[][] = [];
  const fetchEvents = vi.fn((_lastId: string | null) => Promise.resolve(batches.shift() ?? []));
  const sockets: FakeSocket[] = [];
  const openSocket = vi.fn((url: string) => {
    const socket: FakeSocket = { url, onopen: null, onmessage: null, onclose: null, close: vi.fn() };
    sockets.push(socket);
    return socket;
  });
  const warn = vi.fn();
  const client = new AsyncEventClient({
    transport: 'polling',
    pollingDelayMs: 500,
    socketUrl: 'ws://host/ws',
    fetchEvents,
    openSocket,
    warn,
    ...overrides,
  });
  return { client, batches, fetchEvents, sockets, openSocket, warn };
}

describe('AsyncEventClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls every polling delay from the last id seen, resolving done and rejecting error', async () => {
    const { client, batches, fetchEvents } = setup();
    const done = client.waitForJob('a');
    const failed = client.waitForJob('b').catch((caught: unknown) => caught);
    const first = event('a', 'done');
    batches.push([], [first]);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchEvents).toHaveBeenLastCalledWith(null);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchEvents).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe('/api/v1/chart/data/a');
    batches.push([event('b', 'error')]);
    await vi.advanceTimersByTimeAsync(500);
    expect(fetchEvents).toHaveBeenLastCalledWith(first.id);
    const error = await failed;
    expect(error).toBeInstanceOf(AsyncJobError);
    expect((error as AsyncJobError).errors).toEqual([{ message: 'Error: boom' }]);
    // Nobody waits any more: polling stops.
    const calls = fetchEvents.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchEvents.mock.calls.length).toBe(calls);
  });

  it('retries an unknown job after 100 ms × attempt, then drops it with a warning after 6 tries', async () => {
    const { client, batches, warn } = setup();
    const known = client.waitForJob('known');
    batches.push([event('late', 'done'), event('never', 'done'), event('known', 'done')]);
    await vi.advanceTimersByTimeAsync(0);
    await expect(known).resolves.toBe('/api/v1/chart/data/known');
    // Tries at 100, 300 (100 + 200) ms: a listener added at 250 ms gets it at 300 ms.
    await vi.advanceTimersByTimeAsync(250);
    let lateUrl: string | null = null;
    void client.waitForJob('late').then((url) => (lateUrl = url));
    await vi.advanceTimersByTimeAsync(49);
    expect(lateUrl).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(lateUrl).toBe('/api/v1/chart/data/late');
    // 100 + 200 + ... + 600 = 2100 ms after arrival the last try gives up.
    await vi.advanceTimersByTimeAsync(2100 - 300 - 1);
    expect(warn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('never');
  });

  it('reconnects the WebSocket after 2.5 s up to 6 times, resuming after the last id, then polls', async () => {
    const { client, sockets, fetchEvents, batches, warn } = setup({ transport: 'ws' });
    const first = client.waitForJob('a');
    // First one read of the channel (nothing yet), then the socket.
    expect(sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchEvents).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.url).toBe('ws://host/ws?last_id=0-0');
    sockets[0]?.onopen?.();
    const seen = event('a', 'done');
    sockets[0]?.onmessage?.({ data: JSON.stringify(seen) });
    await expect(first).resolves.toBe('/api/v1/chart/data/a');

    const second = client.waitForJob('b');
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      sockets.at(-1)?.onclose?.();
      await vi.advanceTimersByTimeAsync(2499);
      expect(sockets).toHaveLength(attempt);
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets).toHaveLength(attempt + 1);
      expect(sockets.at(-1)?.url).toBe(`ws://host/ws?last_id=${seen.id}`);
    }
    expect(fetchEvents).toHaveBeenCalledTimes(1);
    batches.push([event('b', 'done')]);
    sockets.at(-1)?.onclose?.();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(client.transport).toBe('polling');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchEvents).toHaveBeenCalledWith(seen.id);
    await expect(second).resolves.toBe('/api/v1/chart/data/b');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sockets).toHaveLength(7);
  });

  it('a successful reconnect starts the count again', async () => {
    const { client, sockets } = setup({ transport: 'ws' });
    void client.waitForJob('x').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    for (let round = 0; round < 3; round += 1) {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        sockets.at(-1)?.onclose?.();
        await vi.advanceTimersByTimeAsync(2500);
      }
      sockets.at(-1)?.onopen?.();
    }
    expect(sockets).toHaveLength(13);
    expect(client.transport).toBe('ws');
    client.close();
  });

  it('reads the channel before the first socket: a job that ended already resolves, old events stay quiet, and the socket resumes after them', async () => {
    const { client, batches, sockets, warn } = setup({ transport: 'ws' });
    const old = event('someone-else', 'done');
    const fast = event('fast', 'done');
    batches.push([old, fast]);
    const waiting = client.waitForJob('fast');
    await vi.advanceTimersByTimeAsync(0);
    await expect(waiting).resolves.toBe('/api/v1/chart/data/fast');
    expect(sockets[0]?.url).toBe(`ws://host/ws?last_id=${fast.id}`);
    await vi.advanceTimersByTimeAsync(5000);
    expect(warn).not.toHaveBeenCalled();
  });

  it('rejects with an AbortError when the caller aborts, and forgets the listener', async () => {
    const { client, batches, warn } = setup();
    const controller = new AbortController();
    const waiting = client.waitForJob('a', controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    batches.push([event('a', 'done')]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(warn).not.toHaveBeenCalled();
  });
});
