import type { Redis } from 'ioredis';
import {
  RESULTS_KEY_PATTERN,
  decodeResults,
  encodeResults,
  type ResultsBackend,
  type StoredResults,
} from './stored-results';

const PREFIX = 'tessera:results:';

/** Results in Redis, shared by every web and worker process; Redis expires them itself. */
export class RedisResultsBackend implements ResultsBackend {
  constructor(private readonly redis: Redis) {}

  async put(key: string, results: StoredResults, ttlSeconds: number): Promise<void> {
    if (!RESULTS_KEY_PATTERN.test(key)) throw new Error('invalid results key');
    const data = await encodeResults(results);
    if (ttlSeconds > 0) await this.redis.set(PREFIX + key, data, 'EX', Math.ceil(ttlSeconds));
    else await this.redis.set(PREFIX + key, data);
  }

  async get(key: string): Promise<StoredResults | null> {
    if (!RESULTS_KEY_PATTERN.test(key)) return null;
    const data = await this.redis.getBuffer(PREFIX + key);
    return data === null ? null : decodeResults(data);
  }

  async delete(key: string): Promise<void> {
    if (RESULTS_KEY_PATTERN.test(key)) await this.redis.del(PREFIX + key);
  }

  sweep(): Promise<number> {
    return Promise.resolve(0);
  }
}
