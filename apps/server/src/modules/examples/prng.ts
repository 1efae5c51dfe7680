/**
 * A small seeded random source. Every example row comes from here, never from Math.random, so a
 * given seed always yields the same data on every machine (only +, *, Math.imul and the IEEE
 * functions V8 implements identically everywhere are involved).
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** Uniform float in [min, max). */
  range(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** Standard normal draw (Box-Muller). */
  normal(): number;
  /** exp(sigma * N(0,1)): a multiplicative noise factor centred on 1. */
  logNoise(sigma: number): number;
  /** Poisson draw; Knuth's method for small means, a rounded normal approximation for large ones. */
  poisson(mean: number): number;
  /** One element of a non-empty list, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** Index drawn in proportion to the given non-negative weights. */
  weightedIndex(weights: readonly number[]): number;
  /**
   * An independent stream keyed by the original seed and a label, so adding draws to one table
   * never shifts another table's rows.
   */
  fork(label: string): Rng;
}

/** mulberry32: 32-bit state, full period, good enough for synthetic data and trivially portable. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over a string, used to turn stream labels into sub-seeds. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createRng(seed: number): Rng {
  const raw = mulberry32(seed);
  const rng: Rng = {
    next: raw,
    int: (min, max) => min + Math.floor(raw() * (max - min + 1)),
    range: (min, max) => min + raw() * (max - min),
    chance: (p) => raw() < p,
    normal: () => {
      // 1 - u keeps the logarithm's argument in (0, 1].
      const u = 1 - raw();
      const v = raw();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    logNoise: (sigma) => Math.exp(sigma * rng.normal()),
    poisson: (mean) => {
      if (mean <= 0) return 0;
      if (mean > 60) return Math.max(0, Math.round(mean + Math.sqrt(mean) * rng.normal()));
      const limit = Math.exp(-mean);
      let count = 0;
      let product = raw();
      while (product > limit) {
        count++;
        product *= raw();
      }
      return count;
    },
    pick: (items) => {
      const item = items[Math.floor(raw() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    weightedIndex: (weights) => {
      let total = 0;
      for (const weight of weights) total += weight;
      let target = raw() * total;
      for (let i = 0; i < weights.length; i++) {
        target -= weights[i] ?? 0;
        if (target < 0) return i;
      }
      return weights.length - 1;
    },
    fork: (label) => createRng(hashString(`${seed >>> 0}:${label}`)),
  };
  return rng;
}

/**
 * Cumulative weights for repeated weighted draws from one fixed list: a binary search per draw
 * instead of a linear scan.
 */
export class WeightedPicker<T> {
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(
    private readonly items: readonly T[],
    weights: readonly number[],
  ) {
    if (items.length === 0 || items.length !== weights.length) throw new Error('weights must match items');
    let sum = 0;
    for (const weight of weights) {
      sum += weight;
      this.cumulative.push(sum);
    }
    this.total = sum;
  }

  pick(rng: Rng): T {
    const target = rng.next() * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.cumulative[mid] ?? 0) > target) high = mid;
      else low = mid + 1;
    }
    const item = this.items[low];
    if (item === undefined) throw new Error('weighted pick out of range');
    return item;
  }
}
