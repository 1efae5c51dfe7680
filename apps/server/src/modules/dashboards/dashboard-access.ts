import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppContext } from '../../context';
import type { MetadataDb } from '../../db/kysely';
import { forbidden, notFound } from '../../platform/errors';
import { canSeeAllDatasets } from '../datasets/dataset-access';
import { readableDatasetCondition } from '../security/grants';
import { requirePermission, requireUser, type Principal } from '../security/principal';
import {
  dashboardOwnerIds,
  findDashboard,
  findDashboardBySlug,
  findDashboardByUuid,
  type DashboardRow,
} from './dashboards.repo';

/** Spec 001 §6: the answer to a save the caller may not make. */
export const EDIT_FORBIDDEN_MESSAGE = 'You do not have permission to edit this dashboard';

/** Admin and readers of every dataset see every dashboard. */
export const canSeeAllDashboards = (principal: Principal): boolean =>
  principal.isAdmin || canSeeAllDatasets(principal);

/**
 * Superset's DashboardAccessFilter over `dashboards as d` (null when everything is visible): a caller
 * sees the dashboards they own, and published ones they may read. A published dashboard is readable
 * through one of its charts' datasets; with DASHBOARD_RBAC, a dashboard that names roles is readable by
 * those roles instead. A published dashboard without charts shows nothing private, so it is readable.
 */
export function dashboardVisibilityCondition(
  ctx: AppContext,
  principal: Principal,
): Expression<SqlBool> | null {
  if (principal.guest) {
    const ids = principal.guest.dashboardIds;
    return ids.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`d.id in (${sql.join(ids)})`;
  }
  if (canSeeAllDashboards(principal)) return null;
  const me = principal.user.id;
  const readable = readableDatasetCondition(principal, 's.datasource_id') ?? sql<SqlBool>`1 = 1`;
  const throughData = sql<SqlBool>`(not exists (select 1 from dashboard_slices ds0 where ds0.dashboard_id = d.id)
    or exists (select 1 from dashboard_slices ds join slices s on s.id = ds.slice_id
      where ds.dashboard_id = d.id and s.datasource_type = 'table' and ${readable}))`;
  let published = throughData;
  if (ctx.config.featureFlags.DASHBOARD_RBAC) {
    const hasRoles = sql<SqlBool>`exists (select 1 from dashboard_roles dr0 where dr0.dashboard_id = d.id)`;
    const mine =
      principal.roles.length === 0
        ? sql<SqlBool>`1 = 0`
        : sql<SqlBool>`d.id in (select dr.dashboard_id from dashboard_roles dr join roles r on r.id = dr.role_id
            where r.name in (${sql.join(principal.roles)}))`;
    published = sql<SqlBool>`((${hasRoles} and ${mine}) or (not ${hasRoles} and ${throughData}))`;
  }
  return sql<SqlBool>`(d.id in (select dashboard_id from dashboard_owners where user_id = ${me})
    or (d.published = 1 and ${published}))`;
}

export async function canSeeDashboard(
  ctx: AppContext,
  principal: Principal,
  row: DashboardRow,
): Promise<boolean> {
  // An embedded viewer sees exactly the dashboards its guest token names, and nothing else.
  if (principal.guest) return principal.guest.dashboardIds.includes(row.id);
  const condition = dashboardVisibilityCondition(ctx, principal);
  if (condition === null) return true;
  const found = await ctx.store.db
    .selectFrom('dashboards as d')
    .select('d.id')
    .where('d.id', '=', row.id)
    .where(condition)
    .executeTakeFirst();
  return found !== undefined;
}

/** Spec 001 §6: admin or owner edits a dashboard. */
export async function canChangeDashboards(
  db: MetadataDb,
  principal: Principal,
  dashboardIds: readonly number[],
): Promise<boolean> {
  if (principal.isAdmin) return true;
  const owners = await dashboardOwnerIds(db, dashboardIds);
  return dashboardIds.every((id) => (owners.get(id) ?? []).includes(principal.user.id));
}

/**
 * Who may try to change dashboards: can_write on Dashboard, except with DASHBOARD_RBAC on, where
 * ownership alone decides (spec 001 §6). Ownership is checked per dashboard by changeableDashboard.
 */
export function requireDashboardEditor(ctx: AppContext, principal: Principal | null): Principal {
  return ctx.config.featureFlags.DASHBOARD_RBAC
    ? requireUser(principal)
    : requirePermission(principal, 'can_write', 'Dashboard');
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A dashboard by `{id_or_slug}`: digits are an id, a uuid is tried as one, anything else is a slug. */
export async function findDashboardByRef(ctx: AppContext, ref: unknown): Promise<DashboardRow | undefined> {
  if (typeof ref !== 'string' || ref === '' || ref.length > 255) return undefined;
  const db = ctx.store.db;
  if (/^\d{1,15}$/.test(ref)) return findDashboard(db, Number(ref));
  if (UUID_PATTERN.test(ref)) {
    const byUuid = await findDashboardByUuid(db, ref.toLowerCase());
    if (byUuid) return byUuid;
  }
  return findDashboardBySlug(db, ref);
}

/** `/api/v1/dashboard/{id_or_slug}` the caller may see, else 404 as if it did not exist. */
export async function visibleDashboard(
  ctx: AppContext,
  principal: Principal,
  idOrSlug: unknown,
): Promise<DashboardRow> {
  const row = await findDashboardByRef(ctx, idOrSlug);
  if (!row || !(await canSeeDashboard(ctx, principal, row))) throw notFound();
  return row;
}

/** A visible dashboard the caller may edit: 404 when invisible, 403 with the spec's message otherwise. */
export async function changeableDashboard(
  ctx: AppContext,
  principal: Principal,
  idOrSlug: number | string,
): Promise<DashboardRow> {
  const row = await visibleDashboard(ctx, principal, String(idOrSlug));
  if (!(await canChangeDashboards(ctx.store.db, principal, [row.id])))
    throw forbidden(EDIT_FORBIDDEN_MESSAGE);
  return row;
}
