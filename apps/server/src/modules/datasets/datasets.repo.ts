import type { Expression, Insertable, Selectable, SqlBool } from 'kysely';
import { nowIso, type MetadataDb } from '../../db/kysely';
import type { DatasetColumnsTable, DatasetMetricsTable, DatasetsTable } from '../../db/schema';

export type DatasetRow = Selectable<DatasetsTable>;
export type DatasetColumnRow = Selectable<DatasetColumnsTable>;
export type DatasetMetricRow = Selectable<DatasetMetricsTable>;

/** A dataset row with the names its show and list forms need. */
export type DatasetView = DatasetRow & {
  database_name: string;
  backend: string;
  created_first_name: string | null;
  created_last_name: string | null;
  changed_first_name: string | null;
  changed_last_name: string | null;
};

export type NewDataset = Omit<Insertable<DatasetsTable>, 'id' | 'created_on' | 'changed_on'>;
export type NewDatasetColumn = Omit<Insertable<DatasetColumnsTable>, 'id' | 'dataset_id' | 'position'>;
export type NewDatasetMetric = Omit<Insertable<DatasetMetricsTable>, 'id' | 'dataset_id'>;

/** Every new dataset gets Superset's default metric. */
export const COUNT_METRIC: NewDatasetMetric = {
  metric_name: 'count',
  verbose_name: 'COUNT(*)',
  metric_type: 'count',
  expression: 'COUNT(*)',
};

export function selectDatasetViews(db: MetadataDb) {
  return db
    .selectFrom('datasets as t')
    .innerJoin('databases as d', 'd.id', 't.database_id')
    .leftJoin('users as cu', 'cu.id', 't.created_by_fk')
    .leftJoin('users as mu', 'mu.id', 't.changed_by_fk')
    .selectAll('t')
    .select([
      'd.database_name as database_name',
      'd.backend as backend',
      'cu.first_name as created_first_name',
      'cu.last_name as created_last_name',
      'mu.first_name as changed_first_name',
      'mu.last_name as changed_last_name',
    ]);
}

export async function findDatasetView(db: MetadataDb, id: number): Promise<DatasetView | undefined> {
  return selectDatasetViews(db).where('t.id', '=', id).executeTakeFirst();
}

export async function findDatasetViewByUuid(db: MetadataDb, uuid: string): Promise<DatasetView | undefined> {
  return selectDatasetViews(db).where('t.uuid', '=', uuid).executeTakeFirst();
}

/** The dataset with this name in this database, catalog and schema (null matching null). */
export async function findDatasetByName(
  db: MetadataDb,
  where: { databaseId: number; catalog: string | null; schema: string | null; tableName: string },
): Promise<DatasetRow | undefined> {
  let query = db
    .selectFrom('datasets')
    .selectAll()
    .where('database_id', '=', where.databaseId)
    .where('table_name', '=', where.tableName);
  query =
    where.catalog === null ? query.where('catalog', 'is', null) : query.where('catalog', '=', where.catalog);
  query =
    where.schema === null ? query.where('schema', 'is', null) : query.where('schema', '=', where.schema);
  return query.executeTakeFirst();
}

export async function datasetColumns(db: MetadataDb, datasetId: number): Promise<DatasetColumnRow[]> {
  return db
    .selectFrom('dataset_columns')
    .selectAll()
    .where('dataset_id', '=', datasetId)
    .orderBy('position')
    .execute();
}

/** Inserts the dataset, its columns, metrics and owners in one transaction. */
export async function insertDataset(
  db: MetadataDb,
  values: NewDataset,
  columns: NewDatasetColumn[],
  extras: { metrics: NewDatasetMetric[]; ownerIds: number[] },
): Promise<number> {
  const now = nowIso();
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('datasets')
      .values({ ...values, created_on: now, changed_on: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = columns.map((column, position) => ({ ...column, dataset_id: row.id, position }));
    // Chunks keep each statement under SQLite's bound-parameter limit.
    for (let start = 0; start < rows.length; start += 500) {
      await trx
        .insertInto('dataset_columns')
        .values(rows.slice(start, start + 500))
        .execute();
    }
    if (extras.metrics.length > 0) {
      await trx
        .insertInto('dataset_metrics')
        .values(extras.metrics.map((metric) => ({ ...metric, dataset_id: row.id })))
        .execute();
    }
    const owners = [...new Set(extras.ownerIds)];
    if (owners.length > 0) {
      await trx
        .insertInto('dataset_owners')
        .values(owners.map((userId) => ({ dataset_id: row.id, user_id: userId })))
        .execute();
    }
    return row.id;
  });
  return id;
}

/** Appends columns and metrics to a dataset (after its last column), in one transaction. */
export async function appendDatasetFields(
  db: MetadataDb,
  datasetId: number,
  columns: NewDatasetColumn[],
  metrics: NewDatasetMetric[],
): Promise<void> {
  if (columns.length === 0 && metrics.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('dataset_columns')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('dataset_id', '=', datasetId)
      .executeTakeFirst();
    const start = (last?.position ?? -1) + 1;
    const rows = columns.map((column, index) => ({
      ...column,
      dataset_id: datasetId,
      position: start + index,
    }));
    for (let offset = 0; offset < rows.length; offset += 500) {
      await trx
        .insertInto('dataset_columns')
        .values(rows.slice(offset, offset + 500))
        .execute();
    }
    if (metrics.length > 0) {
      await trx
        .insertInto('dataset_metrics')
        .values(metrics.map((metric) => ({ ...metric, dataset_id: datasetId })))
        .execute();
    }
  });
}

export async function deleteDataset(db: MetadataDb, id: number): Promise<void> {
  await deleteDatasets(db, [id]);
}

/** Deletes every dataset of `ids` with its columns, metrics and owners in one transaction: all or none. */
export async function deleteDatasets(db: MetadataDb, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('dataset_columns').where('dataset_id', 'in', ids).execute();
    await trx.deleteFrom('dataset_metrics').where('dataset_id', 'in', ids).execute();
    await trx.deleteFrom('dataset_owners').where('dataset_id', 'in', ids).execute();
    await trx.deleteFrom('datasets').where('id', 'in', ids).execute();
  });
}

/** The schemas or catalogs of the datasets `visible` (over `t.id`) admits; null admits all. */
export async function datasetPlaces(
  db: MetadataDb,
  column: 'schema' | 'catalog',
  visible: Expression<SqlBool> | null,
): Promise<(string | null)[]> {
  let query = db.selectFrom('datasets as t').select(`t.${column} as place`).distinct();
  if (visible !== null) query = query.where(visible);
  return (await query.execute()).map((row) => row.place);
}

export async function datasetMetrics(db: MetadataDb, datasetId: number): Promise<DatasetMetricRow[]> {
  return db
    .selectFrom('dataset_metrics')
    .selectAll()
    .where('dataset_id', '=', datasetId)
    .orderBy('id')
    .execute();
}

export async function datasetOwnerIds(db: MetadataDb, datasetId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('dataset_owners')
    .select('user_id')
    .where('dataset_id', '=', datasetId)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/** Name and column names of each of these datasets that exists (checks of references to columns). */
export async function datasetColumnNames(
  db: MetadataDb,
  ids: readonly number[],
): Promise<Map<number, { name: string; columns: Set<string> }>> {
  const found = new Map<number, { name: string; columns: Set<string> }>();
  if (ids.length === 0) return found;
  const datasets = await db
    .selectFrom('datasets')
    .select(['id', 'table_name'])
    .where('id', 'in', ids)
    .execute();
  for (const row of datasets) found.set(row.id, { name: row.table_name, columns: new Set() });
  const columns = await db
    .selectFrom('dataset_columns')
    .select(['dataset_id', 'column_name'])
    .where('dataset_id', 'in', ids)
    .execute();
  for (const row of columns) found.get(row.dataset_id)?.columns.add(row.column_name);
  return found;
}
