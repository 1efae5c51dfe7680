import type { MetadataDb } from '../../db/kysely';
import type { EmbeddedDashboardsTable } from '../../db/schema';

export type EmbeddedRow = EmbeddedDashboardsTable;

export interface EmbeddedView extends EmbeddedRow {
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

function selectViews(db: MetadataDb) {
  return db
    .selectFrom('embedded_dashboards as e')
    .leftJoin('users as u', 'u.id', 'e.changed_by_fk')
    .selectAll('e')
    .select(['u.first_name as changed_by_first_name', 'u.last_name as changed_by_last_name']);
}

export async function findEmbeddedByDashboard(
  db: MetadataDb,
  dashboardId: number,
): Promise<EmbeddedView | undefined> {
  return selectViews(db).where('e.dashboard_id', '=', dashboardId).executeTakeFirst();
}

export async function findEmbeddedByUuid(db: MetadataDb, uuid: string): Promise<EmbeddedView | undefined> {
  return selectViews(db).where('e.uuid', '=', uuid).executeTakeFirst();
}

export async function findEmbeddedByUuids(db: MetadataDb, uuids: readonly string[]): Promise<EmbeddedRow[]> {
  if (uuids.length === 0) return [];
  return db.selectFrom('embedded_dashboards').selectAll().where('uuid', 'in', uuids).execute();
}

/** Keeps the dashboard's uuid when it is embedded already (host pages keep working), else inserts. */
export async function upsertEmbedded(
  db: MetadataDb,
  values: {
    uuid: string;
    dashboard_id: number;
    allowed_domains: string;
    changed_by_fk: number;
    changed_on: string;
  },
): Promise<void> {
  const updated = await db
    .updateTable('embedded_dashboards')
    .set({
      allowed_domains: values.allowed_domains,
      changed_by_fk: values.changed_by_fk,
      changed_on: values.changed_on,
    })
    .where('dashboard_id', '=', values.dashboard_id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db.insertInto('embedded_dashboards').values(values).execute();
}

export async function deleteEmbedded(db: MetadataDb, dashboardId: number): Promise<void> {
  await db.deleteFrom('embedded_dashboards').where('dashboard_id', '=', dashboardId).execute();
}
