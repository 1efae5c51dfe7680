import { describe, expect, it } from 'vitest';
import { settledPromise } from './settled-promise';

describe('settledPromise', () => {
  it('calls then() back in the same turn', () => {
    let seen: number | null = null;
    void settledPromise(7).then((value) => {
      seen = value;
    });
    expect(seen).toBe(7);
  });

  it('still works as a promise: await, chaining and a throwing callback', async () => {
    expect(await settledPromise('a')).toBe('a');
    expect(await settledPromise(2).then((value) => value * 3)).toBe(6);
    await expect(
      settledPromise(1).then(() => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
  });
});
