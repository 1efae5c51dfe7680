import { queryContextSchema, type QueryContext } from '@tessera/contracts';
import { parseInput } from '../../platform/validation';

/** Bodies remembered; dashboards and their refreshes post the same few query contexts again and again. */
const MEMO_ENTRIES = 500;
/** Longer bodies are parsed each time: rare, and not worth holding. */
const MEMO_MAX_CHARS = 64 * 1024;

/** Freezes a parsed value all through, so the requests that share it cannot change it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * `parseInput(queryContextSchema, body)` remembered by the body's JSON text: the schema is pure, so the
 * same text always parses to the same query context, and a cached chart's request skips the schema walk
 * (a large part of its cost). Remembered contexts are frozen, as several requests share each one; an
 * invalid body is never remembered and throws its 400 each time.
 */
export class QueryContextMemo {
  private readonly entries = new Map<string, QueryContext>();

  parse(body: unknown): QueryContext {
    // No body at all has no JSON text (JSON.stringify gives undefined): the schema answers its 400.
    if (body === undefined) return parseInput(queryContextSchema, body);
    const key = JSON.stringify(body);
    if (key.length > MEMO_MAX_CHARS) return parseInput(queryContextSchema, body);
    const known = this.entries.get(key);
    if (known !== undefined) {
      // Map order is the LRU order: a hit moves to the end.
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const parsed = deepFreeze(parseInput(queryContextSchema, body));
    this.entries.set(key, parsed);
    if (this.entries.size > MEMO_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    return parsed;
  }

  get size(): number {
    return this.entries.size;
  }
}
