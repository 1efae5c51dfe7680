import { compareValues, tupleKey, type Frame, type Row } from './frame';

export interface RowGroup {
  keys: unknown[];
  rows: Row[];
}

/**
 * Groups rows by the values of `by`, sorted by those values as pandas' groupby does. Rows with a null key
 * are dropped unless `keepNullKeys` (pandas dropna=False); they then sort last.
 */
export function groupRows(frame: Frame, by: readonly string[], keepNullKeys = false): RowGroup[] {
  const groups = new Map<unknown, RowGroup>();
  const single = by.length === 1 ? by[0] : undefined;
  for (const row of frame.rows) {
    let key: unknown;
    if (single !== undefined) {
      key = row[single] ?? null;
      if (key === null && !keepNullKeys) continue;
    } else {
      const keys = by.map((column) => row[column] ?? null);
      if (!keepNullKeys && keys.includes(null)) continue;
      key = tupleKey(keys);
    }
    let group = groups.get(key);
    if (!group) {
      group = { keys: by.map((column) => row[column] ?? null), rows: [] };
      groups.set(key, group);
    }
    group.rows.push(row);
  }
  return [...groups.values()].sort((a, b) => compareTuples(a.keys, b.keys));
}

export function compareTuples(a: readonly unknown[], b: readonly unknown[]): number {
  for (let i = 0; i < a.length; i += 1) {
    const order = compareValues(a[i], b[i]);
    if (order !== 0) return order;
  }
  return 0;
}
