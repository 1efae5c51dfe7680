import { DASHBOARD_FILTER_STATE_TTL_MS, type DashboardFilterStateWrite } from '@tessera/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import type { Principal } from '../security/principal';
import { deleteValue, readLiveValue, replaceValue, storeExpiringValue } from '../sharing/key-value.repo';
import { capped, checkedKey } from '../sharing/sharing.service';
import { visibleDashboard } from './dashboard-access';

/**
 * The dashboard filter-state cache (reference §8.4): a user's native-filter values for one dashboard,
 * kept 90 days from the last read. An entry belongs to the user who made it; to anyone else, and under
 * any other dashboard, it does not exist (404).
 */

const entrySchema = z.object({ owner: z.number().int(), dashboard_id: z.number().int(), value: z.string() });
type FilterStateEntry = z.infer<typeof entrySchema>;

async function ownEntry(
  ctx: AppContext,
  principal: Principal,
  dashboardId: number,
  key: string,
): Promise<FilterStateEntry> {
  const live = await readLiveValue(
    ctx.store.db,
    'dashboard_filter_state',
    key,
    DASHBOARD_FILTER_STATE_TTL_MS,
  );
  if (live === null) throw notFound();
  const parsed = entrySchema.safeParse(JSON.parse(live.value));
  if (
    !parsed.success ||
    parsed.data.owner !== principal.user.id ||
    parsed.data.dashboard_id !== dashboardId
  ) {
    throw notFound();
  }
  return parsed.data;
}

const entryJson = (principal: Principal, dashboardId: number, input: DashboardFilterStateWrite): string =>
  capped(JSON.stringify({ owner: principal.user.id, dashboard_id: dashboardId, value: input.value }));

export async function createFilterState(
  ctx: AppContext,
  principal: Principal,
  ref: unknown,
  input: DashboardFilterStateWrite,
): Promise<string> {
  const dashboard = await visibleDashboard(ctx, principal, ref);
  return storeExpiringValue(
    ctx.store.db,
    'dashboard_filter_state',
    entryJson(principal, dashboard.id, input),
    principal.user.id,
    DASHBOARD_FILTER_STATE_TTL_MS,
  );
}

export async function readFilterState(
  ctx: AppContext,
  principal: Principal,
  ref: unknown,
  rawKey: unknown,
): Promise<string> {
  const dashboard = await visibleDashboard(ctx, principal, ref);
  return (await ownEntry(ctx, principal, dashboard.id, checkedKey(rawKey))).value;
}

/** PUT keeps the key. */
export async function updateFilterState(
  ctx: AppContext,
  principal: Principal,
  ref: unknown,
  rawKey: unknown,
  input: DashboardFilterStateWrite,
): Promise<string> {
  const dashboard = await visibleDashboard(ctx, principal, ref);
  const key = checkedKey(rawKey);
  await ownEntry(ctx, principal, dashboard.id, key);
  await replaceValue(
    ctx.store.db,
    key,
    entryJson(principal, dashboard.id, input),
    DASHBOARD_FILTER_STATE_TTL_MS,
  );
  return key;
}

export async function deleteFilterState(
  ctx: AppContext,
  principal: Principal,
  ref: unknown,
  rawKey: unknown,
): Promise<void> {
  const dashboard = await visibleDashboard(ctx, principal, ref);
  const key = checkedKey(rawKey);
  await ownEntry(ctx, principal, dashboard.id, key);
  await deleteValue(ctx.store.db, 'dashboard_filter_state', key);
}
