import type { DashboardFiltersUpdate } from '@tessera/contracts';
import { applyFiltersUpdate, computeScope } from '@tessera/core';
import type { AppContext } from '../../context';
import type { Principal } from '../security/principal';
import { changeableDashboard } from './dashboard-access';
import { checkedJsonMetadata, storedObject } from './dashboard-validation';
import { updateDashboard } from './dashboards.repo';
import { checkFilterMetadata } from './native-filter-validation';

// The same checks, for other writers of dashboards (bundle import).
export { filterMetadataProblems, type DatasetColumnsLookup } from './native-filter-validation';

type StoredItem = { id: string } & Record<string, unknown>;

/**
 * `PUT /api/v1/dashboard/{id}/filters` (reference §8.1): merges `{modified, deleted, reordered}` into
 * the dashboard's native_filter_configuration, fills each modified filter's `chartsInScope` and
 * `tabsInScope` from the layout when the client left them out, checks the whole configuration (422
 * `{native_filter_configuration: [...]}`, nothing saved) and saves it. Returns the new configuration.
 */
export async function saveDashboardFilters(
  ctx: AppContext,
  principal: Principal,
  id: number,
  update: DashboardFiltersUpdate,
): Promise<unknown[]> {
  const row = await changeableDashboard(ctx, principal, id);
  const metadata = row.json_metadata === null ? {} : storedObject(row.json_metadata);
  const current = Array.isArray(metadata.native_filter_configuration)
    ? metadata.native_filter_configuration.filter(isStoredItem)
    : [];
  const layout = row.position_json === null ? {} : storedObject(row.position_json);
  const modified: StoredItem[] = update.modified.map((item) => {
    if (item.type !== 'NATIVE_FILTER' || item.chartsInScope !== undefined) return item;
    return { ...item, ...computeScope(layout, item.scope) };
  });
  const next = applyFiltersUpdate<StoredItem>(current, { ...update, modified });
  const checked = checkedJsonMetadata(JSON.stringify({ ...metadata, native_filter_configuration: next }));
  await checkFilterMetadata(ctx, checked, 'native_filter_configuration');
  await updateDashboard(ctx.store.db, row.id, {
    json_metadata: JSON.stringify(checked),
    changed_by_fk: principal.user.id,
  });
  return checked.native_filter_configuration ?? [];
}

function isStoredItem(value: unknown): value is StoredItem {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}
