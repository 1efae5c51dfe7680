import {
  dashboardPermalinkStateSchema,
  type DashboardPermalinkRequest,
  type DashboardPermalinkState,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import type { Principal } from '../security/principal';
import { findOwnValueKey, readValue, storeValue } from '../sharing/key-value.repo';
import { capped, checkedKey } from '../sharing/sharing.service';
import { visibleDashboard } from './dashboard-access';

/** JSON with object keys sorted, so equal states are equal text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/**
 * POST /api/v1/dashboard/{id}/permalink (reference §8.4, §9): the state is stored once per user and
 * state, so sharing the same view twice gives the same link (Superset's upsert). Keys stay random.
 */
export async function createDashboardPermalink(
  ctx: AppContext,
  principal: Principal,
  ref: unknown,
  request: DashboardPermalinkRequest,
): Promise<string> {
  const dashboard = await visibleDashboard(ctx, principal, ref);
  const state: DashboardPermalinkState = {
    dashboardId: dashboard.uuid,
    state: {
      dataMask: request.dataMask ?? {},
      activeTabs: request.activeTabs ?? [],
      anchor: request.anchor ?? null,
      urlParams: request.urlParams ?? [],
    },
  };
  const json = capped(canonicalJson(state));
  const db = ctx.store.db;
  const existing = await findOwnValueKey(db, 'dashboard_permalink', principal.user.id, json);
  return existing ?? storeValue(db, 'dashboard_permalink', json, principal.user.id);
}

/** GET /api/v1/dashboard/permalink/{key}: the state, while its dashboard is visible to the caller. */
export async function readDashboardPermalink(
  ctx: AppContext,
  principal: Principal,
  rawKey: unknown,
): Promise<DashboardPermalinkState> {
  const value = await readValue(ctx.store.db, 'dashboard_permalink', checkedKey(rawKey));
  if (value === null) throw notFound();
  const parsed = dashboardPermalinkStateSchema.safeParse(JSON.parse(value));
  if (!parsed.success) throw notFound();
  await visibleDashboard(ctx, principal, parsed.data.dashboardId);
  return parsed.data;
}
