import type { FilterOrDivider } from '@tessera/contracts';

/**
 * The first cycle of cascade parents among the filters, as the ids along it with the first repeated at
 * the end (`[A, B, A]`), or null. A parent id that names no filter is not followed (reported elsewhere).
 */
export function findCascadeCycle(filters: readonly FilterOrDivider[]): string[] | null {
  const parents = new Map<string, readonly string[]>();
  for (const item of filters) {
    if (item.type === 'NATIVE_FILTER') parents.set(item.id, item.cascadeParentIds ?? []);
  }
  const done = new Set<string>();
  const visit = (id: string, path: string[]): string[] | null => {
    const at = path.indexOf(id);
    if (at >= 0) return [...path.slice(at), id];
    if (done.has(id) || !parents.has(id)) return null;
    for (const parent of parents.get(id) ?? []) {
      const cycle = visit(parent, [...path, id]);
      if (cycle) return cycle;
    }
    done.add(id);
    return null;
  };
  for (const id of parents.keys()) {
    const cycle = visit(id, []);
    if (cycle) return cycle;
  }
  return null;
}

/** Ids of the filters that list `id` among their cascade parents, directly or through other filters. */
export function cascadeDescendants(filters: readonly FilterOrDivider[], id: string): string[] {
  const found: string[] = [];
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const item of filters) {
      if (item.type !== 'NATIVE_FILTER' || found.includes(item.id) || item.id === id) continue;
      if (current !== undefined && (item.cascadeParentIds ?? []).includes(current)) {
        found.push(item.id);
        queue.push(item.id);
      }
    }
  }
  return found;
}
