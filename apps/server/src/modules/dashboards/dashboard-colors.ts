import type { DashboardColors } from '@tessera/contracts';
import type { AppContext } from '../../context';
import type { Principal } from '../security/principal';
import { changeableDashboard } from './dashboard-access';
import { checkedJsonMetadata, storedObject } from './dashboard-validation';
import { findDashboard, updateDashboard } from './dashboards.repo';

/**
 * PUT /api/v1/dashboard/{id}/colors: the colour keys sent are merged into json_metadata, the rest of
 * it is kept. The dashboard syncs its colours on load; `mark_updated=false` keeps that from counting
 * as an edit (changed_on, and so the overwrite check, stay as they were).
 */
export async function saveDashboardColors(
  ctx: AppContext,
  principal: Principal,
  id: number,
  colors: DashboardColors,
  markUpdated: boolean,
): Promise<{ id: number; json_metadata: string; last_modified_time: number }> {
  const row = await changeableDashboard(ctx, principal, id);
  const current = row.json_metadata === null ? {} : storedObject(row.json_metadata);
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(colors)) merged[key] = value;
  const json = JSON.stringify(checkedJsonMetadata(JSON.stringify(merged)));
  await updateDashboard(
    ctx.store.db,
    row.id,
    markUpdated ? { json_metadata: json, changed_by_fk: principal.user.id } : { json_metadata: json },
    markUpdated,
  );
  const saved = await findDashboard(ctx.store.db, row.id);
  return {
    id: row.id,
    json_metadata: json,
    last_modified_time: Math.floor(Date.parse(saved?.changed_on ?? row.changed_on) / 1000),
  };
}
