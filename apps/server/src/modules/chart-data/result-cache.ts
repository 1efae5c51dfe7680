import type { Redis } from 'ioredis';
import { closeRedis, createRedis } from '../../platform/redis';

/** One cached chart-data result: the serialized payload and when it was written. */
export interface CachedEntry {
  payload: string;
  cachedAt: string;
}

export interface ResultCache {
  get(key: string): Promise<CachedEntry | null>;
  /** ttlSeconds 0 keeps the entry until it is evicted; negative does not store. */
  set(key: string, entry: CachedEntry, ttlSeconds: number): Promise<void>;
  close(): Promise<void>;
}

export const CACHE_KEY_PATTERN = /^[0-9a-f]{64}$/;

interface MemoryItem {
  entry: CachedEntry;
  bytes: number;
  expires: number;
}

/** In-process LRU bounded by payload bytes (a Map keeps insertion order; a hit moves to the end). */
export class MemoryResultCache implements ResultCache {
  private readonly items = new Map<string, MemoryItem>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Promise<CachedEntry | null> {
    const item = this.items.get(key);
    if (!item) return Promise.resolve(null);
    this.items.delete(key);
    if (item.expires <= Date.now()) {
      this.bytes -= item.bytes;
      return Promise.resolve(null);
    }
    this.items.set(key, item);
    return Promise.resolve(item.entry);
  }

  set(key: string, entry: CachedEntry, ttlSeconds: number): Promise<void> {
    const bytes = entry.payload.length * 2 + 64;
    if (ttlSeconds < 0 || bytes > this.maxBytes) return Promise.resolve();
    const previous = this.items.get(key);
    if (previous) {
      this.items.delete(key);
      this.bytes -= previous.bytes;
    }
    const expires = ttlSeconds === 0 ? Number.POSITIVE_INFINITY : Date.now() + ttlSeconds * 1000;
    this.items.set(key, { entry, bytes, expires });
    this.bytes += bytes;
    for (const [oldest, item] of this.items) {
      if (this.bytes <= this.maxBytes) break;
      this.items.delete(oldest);
      this.bytes -= item.bytes;
    }
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.items.clear();
    this.bytes = 0;
    return Promise.resolve();
  }
}

const PREFIX = 'tessera:chart-data:';

/**
 * Shared by every web process; Redis expires entries itself. Failures read as misses. Installations
 * sharing one Redis under different TESSERA_QUEUE_PREFIXes keep their results apart, as their queues:
 * the same dataset id and SQL can mean other data in another metadata store.
 */
export class RedisResultCache implements ResultCache {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(
    url: string,
    onError: (error: Error) => void = () => undefined,
    namespace: string | null = null,
  ) {
    this.redis = createRedis(url, 'cache', onError);
    this.prefix = namespace === null ? PREFIX : `${namespace}:${PREFIX}`;
  }

  async get(key: string): Promise<CachedEntry | null> {
    try {
      const raw = await this.redis.get(this.prefix + key);
      if (raw === null) return null;
      const separator = raw.indexOf('\n');
      return { cachedAt: raw.slice(0, separator), payload: raw.slice(separator + 1) };
    } catch {
      return null;
    }
  }

  async set(key: string, entry: CachedEntry, ttlSeconds: number): Promise<void> {
    if (ttlSeconds < 0) return;
    const value = `${entry.cachedAt}\n${entry.payload}`;
    try {
      if (ttlSeconds > 0) await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds);
      else await this.redis.set(this.prefix + key, value);
    } catch {
      // A cache that cannot write only costs the next request a query.
    }
  }

  async close(): Promise<void> {
    await closeRedis(this.redis);
  }
}

const MEMORY_CACHE_BYTES = 256 * 1024 * 1024;

export function createResultCache(
  redisUrl: string | null,
  onError?: (error: Error) => void,
  namespace: string | null = null,
): ResultCache {
  return redisUrl
    ? new RedisResultCache(redisUrl, onError, namespace)
    : new MemoryResultCache(MEMORY_CACHE_BYTES);
}
