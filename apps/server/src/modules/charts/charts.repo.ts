import type { Insertable, Updateable } from 'kysely';
import { nowIso, type MetadataDb } from '../../db/kysely';
import type { SlicesTable } from '../../db/schema';

export type ChartRow = Omit<SlicesTable, 'id'> & { id: number };

/** A chart with the names its list and show forms carry. */
export type ChartView = ChartRow & {
  datasource_table_name: string | null;
  datasource_schema: string | null;
  created_first_name: string | null;
  created_last_name: string | null;
  changed_first_name: string | null;
  changed_last_name: string | null;
  saved_first_name: string | null;
  saved_last_name: string | null;
};

export interface UserRef {
  id: number;
  first_name: string;
  last_name: string;
}

export type NewChart = Omit<Insertable<SlicesTable>, 'id' | 'created_on' | 'changed_on'>;
export type ChartPatch = Omit<Updateable<SlicesTable>, 'id' | 'uuid' | 'created_on' | 'created_by_fk'>;

/** Datasets are the only backed datasource; other types never join a name. */
export function selectChartViews(db: MetadataDb) {
  return db
    .selectFrom('slices as s')
    .leftJoin('datasets as t', (join) =>
      join.onRef('t.id', '=', 's.datasource_id').on('s.datasource_type', '=', 'table'),
    )
    .leftJoin('users as cu', 'cu.id', 's.created_by_fk')
    .leftJoin('users as mu', 'mu.id', 's.changed_by_fk')
    .leftJoin('users as lu', 'lu.id', 's.last_saved_by_fk')
    .selectAll('s')
    .select([
      't.table_name as datasource_table_name',
      't.schema as datasource_schema',
      'cu.first_name as created_first_name',
      'cu.last_name as created_last_name',
      'mu.first_name as changed_first_name',
      'mu.last_name as changed_last_name',
      'lu.first_name as saved_first_name',
      'lu.last_name as saved_last_name',
    ]);
}

export async function findChart(db: MetadataDb, id: number): Promise<ChartRow | undefined> {
  return db.selectFrom('slices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findChartView(db: MetadataDb, id: number): Promise<ChartView | undefined> {
  return selectChartViews(db).where('s.id', '=', id).executeTakeFirst();
}

export async function insertChart(db: MetadataDb, values: NewChart): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('slices')
    .values({ ...values, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateChart(db: MetadataDb, id: number, patch: ChartPatch): Promise<void> {
  await db
    .updateTable('slices')
    .set({ ...patch, changed_on: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function deleteCharts(db: MetadataDb, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('slices').where('id', 'in', ids).execute();
}

export async function findCharts(db: MetadataDb, ids: readonly number[]): Promise<ChartRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('slices').selectAll().where('id', 'in', ids).execute();
}

export async function chartOwnerIds(db: MetadataDb, chartId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('slice_owners')
    .select('user_id')
    .where('slice_id', '=', chartId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.user_id);
}

/** Owners of many charts at once, as user references, keyed by chart id. */
export async function ownersOfCharts(
  db: MetadataDb,
  chartIds: readonly number[],
): Promise<Map<number, UserRef[]>> {
  const owners = new Map<number, UserRef[]>();
  if (chartIds.length === 0) return owners;
  const rows = await db
    .selectFrom('slice_owners as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.slice_id', 'u.id', 'u.first_name', 'u.last_name'])
    .where('o.slice_id', 'in', chartIds)
    .orderBy('o.id')
    .execute();
  for (const row of rows) {
    const list = owners.get(row.slice_id) ?? [];
    list.push({ id: row.id, first_name: row.first_name, last_name: row.last_name });
    owners.set(row.slice_id, list);
  }
  return owners;
}

export async function setChartOwners(
  db: MetadataDb,
  chartId: number,
  userIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('slice_owners').where('slice_id', '=', chartId).execute();
  const unique = [...new Set(userIds)];
  if (unique.length > 0) {
    await db
      .insertInto('slice_owners')
      .values(unique.map((userId) => ({ slice_id: chartId, user_id: userId })))
      .execute();
  }
}
