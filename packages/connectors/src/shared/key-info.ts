import type { KeyInfo } from '../types';

export function foreignKeyInfo(fk: {
  name: string | null;
  columns: string[];
  referredTable: string;
  referredColumns: string[];
  referredSchema: string | null;
  options?: Record<string, unknown>;
}): KeyInfo {
  return {
    name: fk.name,
    column_names: fk.columns,
    type: 'fk',
    referred_table: fk.referredTable,
    referred_columns: fk.referredColumns,
    referred_schema: fk.referredSchema,
    options: fk.options ?? {},
  };
}

export function indexInfo(index: { name: string | null; columns: string[]; unique: boolean }): KeyInfo {
  return { name: index.name, column_names: index.columns, type: 'index', unique: index.unique, options: {} };
}

/** Groups rows of (key name, column) pairs that arrive ordered by position into one entry per key. */
export function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
