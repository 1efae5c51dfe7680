import type { Insertable, Selectable } from 'kysely';
import { nowIso, type MetadataDb } from '../../db/kysely';
import type {
  DashboardsTable,
  DatabasesTable,
  DatasetColumnsTable,
  DatasetMetricsTable,
  DatasetsTable,
  SavedQueriesTable,
  SlicesTable,
} from '../../db/schema';

/**
 * The rows a bundle reads and writes. Import writes several modules' tables inside one transaction
 * (the modules' own insert helpers open transactions of their own, which cannot nest), so the writes
 * of one import live here together.
 */

export type DatabaseRecord = Selectable<DatabasesTable>;
export type DatasetRecord = Selectable<DatasetsTable>;
export type ColumnRecord = Selectable<DatasetColumnsTable>;
export type MetricRecord = Selectable<DatasetMetricsTable>;
export type ChartRecord = Selectable<SlicesTable>;
export type DashboardRecord = Selectable<DashboardsTable>;
export type SavedQueryRecord = Selectable<SavedQueriesTable>;

type Table = 'databases' | 'datasets' | 'slices' | 'dashboards' | 'saved_queries';

export async function idsByUuid(
  db: MetadataDb,
  table: Table,
  uuids: readonly string[],
): Promise<Map<string, number>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .selectFrom(table)
    .select(['id', 'uuid'])
    .where('uuid', 'in', [...uuids])
    .execute();
  return new Map(rows.map((row) => [row.uuid, row.id]));
}

export const findDatabaseRecord = (db: MetadataDb, id: number) =>
  db.selectFrom('databases').selectAll().where('id', '=', id).executeTakeFirst();
export const findDatabaseRecordByUuid = (db: MetadataDb, uuid: string) =>
  db.selectFrom('databases').selectAll().where('uuid', '=', uuid).executeTakeFirst();
export const findDatabaseRecordByName = (db: MetadataDb, name: string) =>
  db.selectFrom('databases').selectAll().where('database_name', '=', name).executeTakeFirst();
export const findDatasetRecord = (db: MetadataDb, id: number) =>
  db.selectFrom('datasets').selectAll().where('id', '=', id).executeTakeFirst();
export const findDatasetRecordByUuid = (db: MetadataDb, uuid: string) =>
  db.selectFrom('datasets').selectAll().where('uuid', '=', uuid).executeTakeFirst();
export const datasetIdsOfDatabase = async (db: MetadataDb, databaseId: number): Promise<number[]> =>
  (
    await db.selectFrom('datasets').select('id').where('database_id', '=', databaseId).orderBy('id').execute()
  ).map((row) => row.id);
export const findChartRecord = (db: MetadataDb, id: number) =>
  db.selectFrom('slices').selectAll().where('id', '=', id).executeTakeFirst();
export const findDashboardRecord = (db: MetadataDb, id: number) =>
  db.selectFrom('dashboards').selectAll().where('id', '=', id).executeTakeFirst();
export const findSavedQueryRecord = (db: MetadataDb, id: number) =>
  db.selectFrom('saved_queries').selectAll().where('id', '=', id).executeTakeFirst();

export const columnsOf = (db: MetadataDb, datasetId: number) =>
  db
    .selectFrom('dataset_columns')
    .selectAll()
    .where('dataset_id', '=', datasetId)
    .orderBy('position')
    .execute();
export const metricsOf = (db: MetadataDb, datasetId: number) =>
  db.selectFrom('dataset_metrics').selectAll().where('dataset_id', '=', datasetId).orderBy('id').execute();

export async function ownerIdsOf(
  db: MetadataDb,
  kind: 'dataset' | 'chart' | 'dashboard',
  id: number,
): Promise<number[]> {
  const rows =
    kind === 'dataset'
      ? await db.selectFrom('dataset_owners').select('user_id').where('dataset_id', '=', id).execute()
      : kind === 'chart'
        ? await db.selectFrom('slice_owners').select('user_id').where('slice_id', '=', id).execute()
        : await db.selectFrom('dashboard_owners').select('user_id').where('dashboard_id', '=', id).execute();
  return rows.map((row) => row.user_id);
}

export async function dashboardSlugOwner(db: MetadataDb, slug: string): Promise<string | undefined> {
  const row = await db.selectFrom('dashboards').select('uuid').where('slug', '=', slug).executeTakeFirst();
  return row?.uuid;
}

// ---- writes, each given the import's transaction ----

type Stamp = 'id' | 'created_on' | 'changed_on';

export async function insertDatabaseRecord(db: MetadataDb, values: Omit<Insertable<DatabasesTable>, Stamp>) {
  const now = nowIso();
  const row = await db
    .insertInto('databases')
    .values({ ...values, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type DatasetValues = Omit<Insertable<DatasetsTable>, Stamp | 'created_by_fk'>;
export type ColumnValues = Omit<Insertable<DatasetColumnsTable>, 'id' | 'dataset_id' | 'position'>;
export type MetricValues = Omit<Insertable<DatasetMetricsTable>, 'id' | 'dataset_id'>;

/** Inserts a dataset, or replaces an existing one's fields, columns and metrics (owners are kept). */
export async function writeDatasetRecord(
  db: MetadataDb,
  existingId: number | null,
  values: DatasetValues,
  columns: ColumnValues[],
  metrics: MetricValues[],
  userId: number | null,
): Promise<number> {
  const now = nowIso();
  let id: number;
  if (existingId === null) {
    const row = await db
      .insertInto('datasets')
      .values({ ...values, created_by_fk: userId, created_on: now, changed_on: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
    if (userId !== null)
      await db.insertInto('dataset_owners').values({ dataset_id: id, user_id: userId }).execute();
  } else {
    id = existingId;
    await db
      .updateTable('datasets')
      .set({ ...values, changed_on: now })
      .where('id', '=', id)
      .execute();
    await db.deleteFrom('dataset_columns').where('dataset_id', '=', id).execute();
    await db.deleteFrom('dataset_metrics').where('dataset_id', '=', id).execute();
  }
  const rows = columns.map((column, position) => ({ ...column, dataset_id: id, position }));
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('dataset_columns')
      .values(rows.slice(start, start + 500))
      .execute();
  }
  if (metrics.length > 0) {
    await db
      .insertInto('dataset_metrics')
      .values(metrics.map((metric) => ({ ...metric, dataset_id: id })))
      .execute();
  }
  return id;
}

export type ChartValues = Omit<Insertable<SlicesTable>, Stamp | 'created_by_fk'>;

export async function writeChartRecord(
  db: MetadataDb,
  existingId: number | null,
  values: ChartValues,
  userId: number | null,
): Promise<number> {
  const now = nowIso();
  if (existingId !== null) {
    await db
      .updateTable('slices')
      .set({ ...values, changed_on: now })
      .where('id', '=', existingId)
      .execute();
    return existingId;
  }
  const row = await db
    .insertInto('slices')
    .values({ ...values, created_by_fk: userId, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (userId !== null)
    await db.insertInto('slice_owners').values({ slice_id: row.id, user_id: userId }).execute();
  return row.id;
}

export type DashboardValues = Omit<Insertable<DashboardsTable>, Stamp | 'created_by_fk'>;

/** Writes the dashboard and re-links `dashboard_slices` to the charts its layout holds. */
export async function writeDashboardRecord(
  db: MetadataDb,
  existingId: number | null,
  values: DashboardValues,
  chartIds: readonly number[],
  userId: number | null,
): Promise<number> {
  const now = nowIso();
  let id: number;
  if (existingId !== null) {
    id = existingId;
    await db
      .updateTable('dashboards')
      .set({ ...values, changed_on: now })
      .where('id', '=', id)
      .execute();
    await db.deleteFrom('dashboard_slices').where('dashboard_id', '=', id).execute();
  } else {
    const row = await db
      .insertInto('dashboards')
      .values({ ...values, created_by_fk: userId, created_on: now, changed_on: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
    if (userId !== null)
      await db.insertInto('dashboard_owners').values({ dashboard_id: id, user_id: userId }).execute();
  }
  const unique = [...new Set(chartIds)];
  if (unique.length > 0) {
    await db
      .insertInto('dashboard_slices')
      .values(unique.map((sliceId) => ({ dashboard_id: id, slice_id: sliceId })))
      .execute();
  }
  return id;
}

export type SavedQueryValues = Omit<Insertable<SavedQueriesTable>, Stamp | 'created_by_fk' | 'user_id'>;

export async function writeSavedQueryRecord(
  db: MetadataDb,
  existingId: number | null,
  values: SavedQueryValues,
  userId: number,
): Promise<number> {
  const now = nowIso();
  if (existingId !== null) {
    await db
      .updateTable('saved_queries')
      .set({ ...values, changed_on: now })
      .where('id', '=', existingId)
      .execute();
    return existingId;
  }
  const row = await db
    .insertInto('saved_queries')
    .values({ ...values, user_id: userId, created_by_fk: userId, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
