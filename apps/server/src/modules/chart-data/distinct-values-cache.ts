import type { ResultColumn } from '@tessera/connectors';

/** A column's distinct values as the engine answered the whole-list query: pages and searches cut from it. */
export interface DistinctValuesList {
  kind: 'list';
  columns: ResultColumn[];
  rows: unknown[][];
  /** The search column's values folded for matching (distinct-values.ts); null: searches go to SQL. */
  folded: (string | null)[] | null;
  cachedAt: string;
}

/** The list is longer than the cache takes, or could not be read: SQL answers this key until it expires. */
export interface DistinctValuesRefusal {
  kind: 'sql';
}

export type DistinctValuesEntry = DistinctValuesList | DistinctValuesRefusal;

export interface StoredDistinctValues {
  entry: DistinctValuesEntry;
  /** Epoch ms, Infinity for a cache timeout of 0. */
  expires: number;
}

interface Item extends StoredDistinctValues {
  bytes: number;
}

/** A rough size: UTF-16 text, a slot per cell, an array per row. */
function sizeOf(entry: DistinctValuesEntry): number {
  if (entry.kind === 'sql') return 64;
  let bytes = 64;
  for (const row of entry.rows) {
    bytes += 32 + row.length * 8;
    for (const cell of row) if (typeof cell === 'string') bytes += 16 + cell.length * 2;
  }
  for (const value of entry.folded ?? []) bytes += 8 + (value === null ? 0 : 16 + value.length * 2);
  return bytes;
}

/**
 * Distinct-value lists of this process, least recently used first out once the total passes `maxBytes`.
 * They stay in memory (never Redis): they are read whole for every keystroke. A load is shared by the
 * requests that wait for it, and a delete (force refresh) disowns a load under way, so an older read
 * never lands after a newer one was asked for.
 */
export class DistinctValuesCache {
  private readonly items = new Map<string, Item>();
  private readonly loads = new Map<string, Promise<DistinctValuesEntry | null>>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): StoredDistinctValues | null {
    const item = this.items.get(key);
    if (!item) return null;
    this.items.delete(key);
    if (item.expires <= this.now()) {
      this.bytes -= item.bytes;
      return null;
    }
    this.items.set(key, item);
    return { entry: item.entry, expires: item.expires };
  }

  /** ttlSeconds 0 keeps the entry until it is evicted; negative does not store. */
  set(key: string, entry: DistinctValuesEntry, ttlSeconds: number): void {
    this.remove(key);
    const bytes = sizeOf(entry);
    if (ttlSeconds < 0 || bytes > this.maxBytes) return;
    const expires = ttlSeconds === 0 ? Number.POSITIVE_INFINITY : this.now() + ttlSeconds * 1000;
    this.items.set(key, { entry, expires, bytes });
    this.bytes += bytes;
    for (const [oldest, item] of this.items) {
      if (this.bytes <= this.maxBytes) break;
      this.items.delete(oldest);
      this.bytes -= item.bytes;
    }
  }

  /** Forgets the entry and any load of it under way. */
  delete(key: string): void {
    this.remove(key);
    this.loads.delete(key);
  }

  /** The load of `key` under way, if any; it settles to the stored entry, or null when it was disowned. */
  loading(key: string): Promise<DistinctValuesEntry | null> | null {
    return this.loads.get(key) ?? null;
  }

  /**
   * Runs `read` for `key` unless a load of it is under way, and stores what it answers for
   * `ttlSeconds`. A failed read is stored as a refusal for `refusalSeconds`, so the next keystrokes go
   * to SQL instead of retrying it; the returned promise never rejects.
   */
  load(
    key: string,
    ttlSeconds: number,
    refusalSeconds: number,
    read: () => Promise<DistinctValuesEntry>,
  ): Promise<DistinctValuesEntry | null> {
    const running = this.loads.get(key);
    if (running) return running;
    const loaded: Promise<DistinctValuesEntry | null> = read().then(
      (entry) => {
        if (this.loads.get(key) !== loaded) return null;
        this.loads.delete(key);
        this.set(key, entry, entry.kind === 'sql' ? refusalSeconds : ttlSeconds);
        return entry;
      },
      () => {
        if (this.loads.get(key) !== loaded) return null;
        this.loads.delete(key);
        const refusal: DistinctValuesRefusal = { kind: 'sql' };
        this.set(key, refusal, refusalSeconds);
        return refusal;
      },
    );
    this.loads.set(key, loaded);
    return loaded;
  }

  /** Waits for every load under way (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.loads.size > 0) await Promise.all([...this.loads.values()]);
  }

  clear(): void {
    this.items.clear();
    this.loads.clear();
    this.bytes = 0;
  }

  private remove(key: string): void {
    const previous = this.items.get(key);
    if (!previous) return;
    this.items.delete(key);
    this.bytes -= previous.bytes;
  }
}
