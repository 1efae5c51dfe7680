import { describe, expect, it } from 'vitest';
import { createRng, WeightedPicker } from './prng';

const draws = (seed: number, n: number): number[] => {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => rng.next());
};

describe('createRng', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    expect(draws(7, 1000)).toEqual(draws(7, 1000));
    expect(draws(7, 1000)).not.toEqual(draws(8, 1000));
  });

  it('stays in range', () => {
    const rng = createRng(1);
    for (let i = 0; i < 10_000; i++) {
      const u = rng.next();
      expect(u >= 0 && u < 1).toBe(true);
      const k = rng.int(3, 5);
      expect(k >= 3 && k <= 5 && Number.isInteger(k)).toBe(true);
    }
  });

  it('forks streams that depend only on the seed and the label', () => {
    const fresh = createRng(99).fork('sales');
    const used = createRng(99);
    for (let i = 0; i < 50; i++) used.next();
    const late = used.fork('sales');
    expect(Array.from({ length: 20 }, () => late.next())).toEqual(
      Array.from({ length: 20 }, () => fresh.next()),
    );
    expect(createRng(99).fork('other').next()).not.toBe(createRng(99).fork('sales').next());
  });

  it('draws Poisson counts with about the requested mean', () => {
    const rng = createRng(5);
    let sum = 0;
    for (let i = 0; i < 20_000; i++) sum += rng.poisson(3);
    expect(sum / 20_000).toBeGreaterThan(2.9);
    expect(sum / 20_000).toBeLessThan(3.1);
  });
});

describe('WeightedPicker', () => {
  it('picks in proportion to the weights and never a zero-weight item', () => {
    const picker = new WeightedPicker<'a' | 'b' | 'c'>(['a', 'b', 'c'], [1, 3, 0]);
    const rng = createRng(3);
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 40_000; i++) counts[picker.pick(rng)]++;
    expect(counts.c).toBe(0);
    expect(counts.b / counts.a).toBeGreaterThan(2.8);
    expect(counts.b / counts.a).toBeLessThan(3.2);
  });
});
