import { Redis, type RedisOptions } from 'ioredis';

/**
 * How a connection behaves while Redis is away. Every client in the server is created here, so
 * the options, the error listener and the shutdown live in one place.
 */
export type RedisProfile =
  /** BullMQ queues and workers: commands wait for the reconnect (BullMQ requires this). */
  | 'queue'
  /** Ordinary commands (SQL Lab results, publishing, beat locks): a few retries, then an error. */
  | 'commands'
  /** A pub/sub subscriber: resubscribes by itself after a reconnect. */
  | 'subscriber'
  /** A cache: one retry, a slow connect counts as a miss. */
  | 'cache'
  /** Health probes and login budgets: fail at once while disconnected, never queue. */
  | 'fail-fast';

const CONNECT_TIMEOUT_MS = 2000;

const PROFILE_OPTIONS: Record<RedisProfile, RedisOptions> = {
  queue: { maxRetriesPerRequest: null },
  commands: { maxRetriesPerRequest: 2 },
  subscriber: {},
  cache: { connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 1 },
  'fail-fast': {
    connectTimeout: CONNECT_TIMEOUT_MS,
    enableOfflineQueue: false,
    commandTimeout: 1000,
    maxRetriesPerRequest: 0,
  },
};

/** Reconnects forever, at most every 2 s: a Redis that comes back is used again without a restart. */
const retryStrategy = (attempt: number): number => Math.min(attempt * 100, 2000);

/**
 * A client for `url` with the options of `profile`. `onError` sees every connection error; because
 * a listener is always attached, a Redis that goes away never ends the process (ioredis emits
 * 'error' on each failed reconnect, and an unheard 'error' event throws).
 */
export function createRedis(url: string, profile: RedisProfile, onError: (error: Error) => void): Redis {
  const client = new Redis(url, { ...PROFILE_OPTIONS[profile], retryStrategy });
  client.on('error', onError);
  return client;
}

/**
 * Closes a client: politely (pending replies arrive first) when connected, at once otherwise,
 * since quit() waits for a reply that never comes while disconnected.
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, 1000);
  });
  await Promise.race([client.quit().then(noop, noop), gaveUp]);
  clearTimeout(timer);
  client.disconnect();
}

const noop = (): void => undefined;

/**
 * Wraps a warning so it is written at most once per `intervalMs`: ioredis reports every reconnect
 * attempt, and one line per outage interval is enough.
 */
export function warnAtMostEvery(intervalMs: number, warn: (error: Error) => void): (error: Error) => void {
  let warnedAt = Number.NEGATIVE_INFINITY;
  return (error) => {
    const now = Date.now();
    if (now - warnedAt < intervalMs) return;
    warnedAt = now;
    warn(error);
  };
}
