/**
 * A per-process cache whose writers bump a generation. Owned by the app context (one per context, so
 * several apps in one test process never share entries) instead of module-level state.
 *
 * A reader notes `generation` before its queries and stores with `set(key, value, readAt)`: if a write
 * invalidated in between, the value is dropped, so a load racing a write is never kept.
 */
export class GenerationCache<K, V> {
  #generation = 0;
  readonly #entries = new Map<K, V>();

  constructor(private readonly maxEntries = Number.POSITIVE_INFINITY) {}

  get generation(): number {
    return this.#generation;
  }

  /** Called after every write that changes what the cached values were read from. */
  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Keeps `value` unless the cache was invalidated since `readAt`; the oldest entries go past the cap. */
  set(key: K, value: V, readAt: number): boolean {
    if (readAt !== this.#generation) return false;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.maxEntries) break;
      this.#entries.delete(oldest);
    }
    return true;
  }
}
