import { describe, expect, it } from 'vitest';
import { DistinctValuesCache, type DistinctValuesList } from './distinct-values-cache';

const list = (values: string[]): DistinctValuesList => ({
  kind: 'list',
  columns: [{ name: 'name', type: 'VARCHAR', type_generic: 1, is_dttm: false }],
  rows: values.map((value) => [value]),
  folded: values,
  cachedAt: '2026-01-01T00:00:00.000Z',
});

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: Error) => void } {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('DistinctValuesCache', () => {
  it('expires entries after their timeout and keeps a timeout of 0 until evicted', () => {
    let now = 1000;
    const cache = new DistinctValuesCache(1_000_000, () => now);
    cache.set('a', list(['x']), 10);
    cache.set('b', list(['y']), 0);
    cache.set('c', list(['z']), -1);
    expect(cache.get('a')?.expires).toBe(11_000);
    expect(cache.get('c')).toBeNull();
    now = 11_000;
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')?.expires).toBe(Number.POSITIVE_INFINITY);
  });

  it('evicts the least recently used past its byte budget', () => {
    const cache = new DistinctValuesCache(1000);
    const ten = Array.from({ length: 3 }, (_v, i) => `value-${String(i)}`);
    cache.set('a', list(ten), 0);
    cache.set('b', list(ten), 0);
    expect(cache.get('a')).not.toBeNull();
    cache.set('c', list(ten), 0);
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')).not.toBeNull();
    expect(cache.get('c')).not.toBeNull();
    cache.set('huge', list(Array.from({ length: 100 }, () => 'x'.repeat(100))), 0);
    expect(cache.get('huge')).toBeNull();
  });

  it('shares one load among the callers and stores its answer', async () => {
    const cache = new DistinctValuesCache(1_000_000);
    const read = deferred<DistinctValuesList>();
    let reads = 0;
    const reader = () => {
      reads += 1;
      return read.promise;
    };
    const first = cache.load('k', 60, 5, reader);
    const second = cache.load('k', 60, 5, reader);
    expect(second).toBe(first);
    expect(cache.loading('k')).toBe(first);
    read.resolve(list(['a']));
    expect(await first).toMatchObject({ kind: 'list' });
    expect(reads).toBe(1);
    expect(cache.loading('k')).toBeNull();
    expect(cache.get('k')?.entry).toMatchObject({ kind: 'list', rows: [['a']] });
  });

  it('stores a failed load as a refusal for its own, shorter time', async () => {
    let now = 0;
    const cache = new DistinctValuesCache(1_000_000, () => now);
    const answer = await cache.load('k', 600, 5, () => Promise.reject(new Error('boom')));
    expect(answer).toEqual({ kind: 'sql' });
    expect(cache.get('k')?.entry).toEqual({ kind: 'sql' });
    now = 5000;
    expect(cache.get('k')).toBeNull();
  });

  it('a delete disowns the load under way: its older answer is not stored', async () => {
    const cache = new DistinctValuesCache(1_000_000);
    const read = deferred<DistinctValuesList>();
    const loading = cache.load('k', 60, 5, () => read.promise);
    cache.delete('k');
    expect(cache.loading('k')).toBeNull();
    read.resolve(list(['old']));
    expect(await loading).toBeNull();
    expect(cache.get('k')).toBeNull();
    await cache.settled();
  });
});
