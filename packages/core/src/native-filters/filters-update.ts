import type { DashboardFiltersUpdate, FilterOrDivider } from '@tessera/contracts';

/**
 * `PUT /api/v1/dashboard/{id}/filters` (reference §8.1) applied to a configuration: deleted ids go,
 * modified items replace the item with their id or are appended, and when `reordered` is given the
 * items it names come first in its order, the others after in their previous order.
 */
export function applyFiltersUpdate<T extends { id: string } = FilterOrDivider>(
  current: readonly T[],
  update: Pick<DashboardFiltersUpdate, 'deleted' | 'reordered'> & { modified: readonly T[] },
): T[] {
  const deleted = new Set(update.deleted);
  const modified = new Map(update.modified.map((item) => [item.id, item]));
  const next: T[] = [];
  for (const item of current) {
    if (deleted.has(item.id)) continue;
    next.push(modified.get(item.id) ?? item);
    modified.delete(item.id);
  }
  for (const item of modified.values()) if (!deleted.has(item.id)) next.push(item);
  if (update.reordered.length === 0) return next;
  const rank = new Map(update.reordered.map((id, index) => [id, index]));
  const ranked = next.filter((item) => rank.has(item.id));
  ranked.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
  return [...ranked, ...next.filter((item) => !rank.has(item.id))];
}
