import type { Insertable, Updateable } from 'kysely';
import { nowIso, type MetadataDb } from '../../db/kysely';
import type { DashboardsTable } from '../../db/schema';
import { addChartToLayout, removeChartFromLayout } from './dashboard-layout';

export type DashboardRow = Omit<DashboardsTable, 'id'> & { id: number };

export type DashboardView = DashboardRow & {
  created_first_name: string | null;
  created_last_name: string | null;
  changed_first_name: string | null;
  changed_last_name: string | null;
};

export type NewDashboard = Omit<Insertable<DashboardsTable>, 'id' | 'created_on' | 'changed_on'>;
export type DashboardPatch = Omit<
  Updateable<DashboardsTable>,
  'id' | 'uuid' | 'created_on' | 'created_by_fk'
>;

export function selectDashboardViews(db: MetadataDb) {
  return db
    .selectFrom('dashboards as d')
    .leftJoin('users as cu', 'cu.id', 'd.created_by_fk')
    .leftJoin('users as mu', 'mu.id', 'd.changed_by_fk')
    .selectAll('d')
    .select([
      'cu.first_name as created_first_name',
      'cu.last_name as created_last_name',
      'mu.first_name as changed_first_name',
      'mu.last_name as changed_last_name',
    ]);
}

export async function findDashboard(db: MetadataDb, id: number): Promise<DashboardRow | undefined> {
  return db.selectFrom('dashboards').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findDashboardBySlug(db: MetadataDb, slug: string): Promise<DashboardRow | undefined> {
  return db.selectFrom('dashboards').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function findDashboardByUuid(db: MetadataDb, uuid: string): Promise<DashboardRow | undefined> {
  return db.selectFrom('dashboards').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

export async function findDashboardView(db: MetadataDb, id: number): Promise<DashboardView | undefined> {
  return selectDashboardViews(db).where('d.id', '=', id).executeTakeFirst();
}

export async function findDashboards(db: MetadataDb, ids: readonly number[]): Promise<DashboardRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('dashboards').selectAll().where('id', 'in', ids).execute();
}

export async function insertDashboard(db: MetadataDb, values: NewDashboard): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('dashboards')
    .values({ ...values, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** `touch: false` keeps changed_on (colour syncs that must not count as an edit). */
export async function updateDashboard(
  db: MetadataDb,
  id: number,
  patch: DashboardPatch,
  touch = true,
): Promise<void> {
  await db
    .updateTable('dashboards')
    .set(touch ? { ...patch, changed_on: nowIso() } : patch)
    .where('id', '=', id)
    .execute();
}

export async function deleteDashboards(db: MetadataDb, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('dashboards').where('id', 'in', ids).execute();
}

export async function dashboardOwnerIds(
  db: MetadataDb,
  dashboardIds: readonly number[],
): Promise<Map<number, number[]>> {
  const byDashboard = new Map<number, number[]>();
  if (dashboardIds.length === 0) return byDashboard;
  const rows = await db
    .selectFrom('dashboard_owners')
    .select(['dashboard_id', 'user_id'])
    .where('dashboard_id', 'in', dashboardIds)
    .orderBy('id')
    .execute();
  for (const row of rows)
    byDashboard.set(row.dashboard_id, [...(byDashboard.get(row.dashboard_id) ?? []), row.user_id]);
  return byDashboard;
}

export async function dashboardOwners(
  db: MetadataDb,
  dashboardIds: readonly number[],
): Promise<Map<number, { id: number; first_name: string; last_name: string }[]>> {
  const byDashboard = new Map<number, { id: number; first_name: string; last_name: string }[]>();
  if (dashboardIds.length === 0) return byDashboard;
  const rows = await db
    .selectFrom('dashboard_owners as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.dashboard_id', 'u.id', 'u.first_name', 'u.last_name'])
    .where('o.dashboard_id', 'in', dashboardIds)
    .orderBy('o.id')
    .execute();
  for (const row of rows) {
    const list = byDashboard.get(row.dashboard_id) ?? [];
    list.push({ id: row.id, first_name: row.first_name, last_name: row.last_name });
    byDashboard.set(row.dashboard_id, list);
  }
  return byDashboard;
}

export async function setDashboardOwners(
  db: MetadataDb,
  dashboardId: number,
  userIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('dashboard_owners').where('dashboard_id', '=', dashboardId).execute();
  const unique = [...new Set(userIds)];
  if (unique.length > 0) {
    await db
      .insertInto('dashboard_owners')
      .values(unique.map((userId) => ({ dashboard_id: dashboardId, user_id: userId })))
      .execute();
  }
}

export async function dashboardRoles(
  db: MetadataDb,
  dashboardIds: readonly number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const byDashboard = new Map<number, { id: number; name: string }[]>();
  if (dashboardIds.length === 0) return byDashboard;
  const rows = await db
    .selectFrom('dashboard_roles as dr')
    .innerJoin('roles as r', 'r.id', 'dr.role_id')
    .select(['dr.dashboard_id', 'r.id', 'r.name'])
    .where('dr.dashboard_id', 'in', dashboardIds)
    .orderBy('r.name')
    .execute();
  for (const row of rows) {
    const list = byDashboard.get(row.dashboard_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byDashboard.set(row.dashboard_id, list);
  }
  return byDashboard;
}

export async function setDashboardRoles(
  db: MetadataDb,
  dashboardId: number,
  roleIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('dashboard_roles').where('dashboard_id', '=', dashboardId).execute();
  const unique = [...new Set(roleIds)];
  if (unique.length > 0) {
    await db
      .insertInto('dashboard_roles')
      .values(unique.map((roleId) => ({ dashboard_id: dashboardId, role_id: roleId })))
      .execute();
  }
}

/** Names of the charts on each dashboard. */
export async function chartNamesOfDashboards(
  db: MetadataDb,
  dashboardIds: readonly number[],
): Promise<Map<number, string[]>> {
  const byDashboard = new Map<number, string[]>();
  if (dashboardIds.length === 0) return byDashboard;
  const rows = await db
    .selectFrom('dashboard_slices as ds')
    .innerJoin('slices as s', 's.id', 'ds.slice_id')
    .select(['ds.dashboard_id', 's.slice_name'])
    .where('ds.dashboard_id', 'in', dashboardIds)
    .orderBy('ds.id')
    .execute();
  for (const row of rows)
    byDashboard.set(row.dashboard_id, [...(byDashboard.get(row.dashboard_id) ?? []), row.slice_name]);
  return byDashboard;
}

/**
 * Makes `dashboardIds` the chart's dashboards: new links get the chart placed in their layout, dropped
 * links lose it. Callers check the caller may edit every dashboard involved.
 */
export async function setChartDashboards(
  db: MetadataDb,
  chart: { id: number; slice_name: string; uuid: string },
  dashboardIds: readonly number[],
): Promise<void> {
  const current = (
    await db.selectFrom('dashboard_slices').select('dashboard_id').where('slice_id', '=', chart.id).execute()
  ).map((row) => row.dashboard_id);
  const wanted = new Set(dashboardIds);
  const added = [...wanted].filter((id) => !current.includes(id));
  const dropped = current.filter((id) => !wanted.has(id));
  if (dropped.length > 0) {
    await db
      .deleteFrom('dashboard_slices')
      .where('slice_id', '=', chart.id)
      .where('dashboard_id', 'in', dropped)
      .execute();
  }
  if (added.length > 0) {
    await db
      .insertInto('dashboard_slices')
      .values(added.map((dashboardId) => ({ dashboard_id: dashboardId, slice_id: chart.id })))
      .execute();
  }
  for (const dashboard of await findDashboards(db, [...added, ...dropped])) {
    const position_json = added.includes(dashboard.id)
      ? addChartToLayout(
          dashboard.position_json,
          { id: chart.id, sliceName: chart.slice_name, uuid: chart.uuid },
          dashboard.dashboard_title,
        )
      : removeChartFromLayout(dashboard.position_json, chart.id);
    await db
      .updateTable('dashboards')
      .set({ position_json, changed_on: nowIso() })
      .where('id', '=', dashboard.id)
      .execute();
  }
}

/** Before charts are deleted: their components leave every dashboard layout. */
export async function removeChartsFromLayouts(db: MetadataDb, chartIds: readonly number[]): Promise<void> {
  if (chartIds.length === 0) return;
  const links = await db
    .selectFrom('dashboard_slices')
    .select(['dashboard_id', 'slice_id'])
    .where('slice_id', 'in', chartIds)
    .execute();
  const dashboardIds = [...new Set(links.map((link) => link.dashboard_id))];
  for (const dashboard of await findDashboards(db, dashboardIds)) {
    let position = dashboard.position_json;
    for (const link of links)
      if (link.dashboard_id === dashboard.id) position = removeChartFromLayout(position, link.slice_id);
    await db
      .updateTable('dashboards')
      .set({ position_json: position })
      .where('id', '=', dashboard.id)
      .execute();
  }
}

/** The chart ids linked to a dashboard (dashboard_slices). */
export async function dashboardChartIds(db: MetadataDb, dashboardId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('dashboard_slices')
    .select('slice_id')
    .where('dashboard_id', '=', dashboardId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.slice_id);
}

/** Makes the dashboard's chart links exactly `chartIds` (the charts its saved layout holds). */
export async function setDashboardCharts(
  db: MetadataDb,
  dashboardId: number,
  chartIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('dashboard_slices').where('dashboard_id', '=', dashboardId).execute();
  const unique = [...new Set(chartIds)];
  if (unique.length > 0) {
    await db
      .insertInto('dashboard_slices')
      .values(unique.map((sliceId) => ({ dashboard_id: dashboardId, slice_id: sliceId })))
      .execute();
  }
}

/** Names of the roles a dashboard is restricted to (DASHBOARD_RBAC). */
export async function dashboardRoleNames(db: MetadataDb, dashboardId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('dashboard_roles as dr')
    .innerJoin('roles as r', 'r.id', 'dr.role_id')
    .select('r.name')
    .where('dr.dashboard_id', '=', dashboardId)
    .execute();
  return rows.map((row) => row.name);
}

export async function allRoleChoices(db: MetadataDb): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('roles').select(['id', 'name']).orderBy('name').execute();
}
