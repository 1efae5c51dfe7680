import {
  dashboardPermalinkStateSchema,
  type DashboardPermalinkRequest,
  type DashboardPermalinkState,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import type { Principal } from '../security/principal';
import { capped, checkedKey, findOwnValueKey, readValue, storeValue } from '../sharing/sharing.service';
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
 * An embedded viewer may link the dashboards its guest token names.
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
  // An embedded viewer (the SDK's getDashboardPermalink) is no user: its links have no creator, and
  // every viewer sharing the same view gets the same link, as Superset does for its guest users.
  const creator = principal.guest ? null : principal.user.id;
  const existing = await findOwnValueKey(db, 'dashboard_permalink', creator, json);
  return existing ?? storeValue(db, 'dashboard_permalink', json, creator);
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
