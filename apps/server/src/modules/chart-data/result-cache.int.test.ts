import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RedisResultCache } from './result-cache';

const REDIS_URL = 'redis://127.0.0.1:6379';

describe('RedisResultCache', () => {
  it('keeps the results of installations with different queue prefixes apart', async () => {
    const run = randomUUID().slice(0, 8);
    const a = new RedisResultCache(REDIS_URL, undefined, `cache-test-a-${run}`);
    const b = new RedisResultCache(REDIS_URL, undefined, `cache-test-b-${run}`);
    const key = `same-key-${run}`;
    try {
      const entry = { payload: '{"rows":[1]}', cachedAt: '2026-01-01T00:00:00.000Z' };
      await a.set(key, entry, 60);
      expect(await a.get(key)).toEqual(entry);
      expect(await b.get(key)).toBeNull();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
