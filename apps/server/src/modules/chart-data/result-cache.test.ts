import { describe, expect, it } from 'vitest';
import { MemoryResultCache } from './result-cache';

const entry = (size: number) => ({ payload: 'x'.repeat(size), cachedAt: '2024-01-01T00:00:00.000Z' });

describe('MemoryResultCache', () => {
  it('evicts the least recently used entries past its byte bound', async () => {
    const cache = new MemoryResultCache(3 * (2 * 100 + 64));
    await cache.set('a', entry(100), 60);
    await cache.set('b', entry(100), 60);
    await cache.set('c', entry(100), 60);
    expect(await cache.get('a')).not.toBeNull();
    await cache.set('d', entry(100), 60);
    expect(await cache.get('b')).toBeNull();
    expect(await cache.get('a')).not.toBeNull();
    expect(await cache.get('d')).not.toBeNull();
  });

  it('does not store with a negative timeout or beyond its bound, and expires entries', async () => {
    const cache = new MemoryResultCache(1000);
    await cache.set('neg', entry(1), -1);
    await cache.set('huge', entry(10_000), 60);
    expect(await cache.get('neg')).toBeNull();
    expect(await cache.get('huge')).toBeNull();
    await cache.set('forever', entry(1), 0);
    expect(await cache.get('forever')).not.toBeNull();
    await cache.set('old', entry(1), 1e-9);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await cache.get('old')).toBeNull();
  });
});
