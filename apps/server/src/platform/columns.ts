import { z } from 'zod';

/** The query of a FAB show endpoint: the columns to keep and the `keys` of extra info to add. */
export const showQuerySchema = z
  .object({
    columns: z.array(z.string().max(100)).max(100).optional(),
    keys: z.array(z.string().max(50)).max(10).optional(),
  })
  .strict();

/**
 * FAB's `columns` of a show or list query: keep only the requested keys of each item. A dotted column
 * (`dashboards.id`, `owners.first_name`) keeps that relation with its `id` and the requested sub-keys.
 * Unknown names are ignored, as Superset's clients ask for columns this server may not have.
 */
export function pickColumns<T extends object>(item: T, columns: readonly string[] | undefined): Partial<T> {
  if (columns === undefined || columns.length === 0) return item;
  const subKeys = new Map<string, Set<string> | null>();
  for (const column of columns) {
    const [head = '', ...rest] = column.split('.');
    if (rest.length === 0) subKeys.set(head, null);
    else if (subKeys.get(head) !== null) {
      const set = subKeys.get(head) ?? new Set<string>();
      set.add(rest.join('.'));
      subKeys.set(head, set);
    }
  }
  const picked: Partial<T> = {};
  for (const [key, keep] of subKeys) {
    if (!Object.hasOwn(item, key)) continue;
    const typedKey = key as keyof T;
    const value = item[typedKey];
    picked[typedKey] = keep === null ? value : (pickNested(value, keep) as T[keyof T]);
  }
  return picked;
}

function pickNested(value: unknown, keep: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((entry) => pickNested(entry, keep));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key === 'id' || keep.has(key)));
}
