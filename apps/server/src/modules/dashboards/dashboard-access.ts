import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../platform/errors';
import { canSeeAllDatasets } from '../datasets/dataset-access';
import type { Principal } from '../security/principal';
import { dashboardOwnerIds, findDashboard, findDashboardBySlug, type DashboardRow } from './dashboards.repo';

/**
 * A simplified DashboardAccessFilter: Admin and readers of every dataset see all dashboards; others see
 * published ones and the ones they own.
 */
export const canSeeAllDashboards = (principal: Principal): boolean =>
  principal.isAdmin || canSeeAllDatasets(principal);

/** The SQL form over `dashboards as d`; null when everything is visible. */
export function dashboardVisibilityCondition(principal: Principal): Expression<SqlBool> | null {
  if (canSeeAllDashboards(principal)) return null;
  return sql<SqlBool>`(d.published = 1 or d.id in (select dashboard_id from dashboard_owners where user_id = ${principal.user.id}))`;
}

export async function canSeeDashboard(
  ctx: AppContext,
  principal: Principal,
  row: DashboardRow,
): Promise<boolean> {
  if (canSeeAllDashboards(principal) || row.published === 1) return true;
  return ((await dashboardOwnerIds(ctx.store.db, [row.id])).get(row.id) ?? []).includes(principal.user.id);
}

/** Spec 001 §6: admin or owner edits a dashboard (can_write Dashboard is checked by the route). */
export async function canChangeDashboards(
  ctx: AppContext,
  principal: Principal,
  dashboardIds: readonly number[],
): Promise<boolean> {
  if (principal.isAdmin) return true;
  const owners = await dashboardOwnerIds(ctx.store.db, dashboardIds);
  return dashboardIds.every((id) => (owners.get(id) ?? []).includes(principal.user.id));
}

/** `/api/v1/dashboard/{id_or_slug}`: digits are an id, anything else a slug. */
export async function visibleDashboard(
  ctx: AppContext,
  principal: Principal,
  idOrSlug: unknown,
): Promise<DashboardRow> {
  if (typeof idOrSlug !== 'string' || idOrSlug === '' || idOrSlug.length > 255) throw notFound();
  const row = /^\d{1,15}$/.test(idOrSlug)
    ? await findDashboard(ctx.store.db, Number(idOrSlug))
    : await findDashboardBySlug(ctx.store.db, idOrSlug);
  if (!row || !(await canSeeDashboard(ctx, principal, row))) throw notFound();
  return row;
}

export async function changeableDashboard(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<DashboardRow> {
  const row = await visibleDashboard(ctx, principal, String(id));
  if (!(await canChangeDashboards(ctx, principal, [row.id]))) throw forbidden();
  return row;
}
