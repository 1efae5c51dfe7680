import type { ListQuery } from '@tessera/contracts';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { MetadataDb } from '../../db/kysely';
import { containsText } from '../../db/like';
import type { MetadataSchema } from '../../db/schema';
import { messageError } from '../../platform/errors';
import type { DatabaseRow } from './registry';

export async function findDatabase(db: MetadataDb, id: number): Promise<DatabaseRow | undefined> {
  return db.selectFrom('databases').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findDatabaseByName(db: MetadataDb, name: string): Promise<DatabaseRow | undefined> {
  return db.selectFrom('databases').selectAll().where('database_name', '=', name).executeTakeFirst();
}

const ORDERABLE: Record<string, keyof DatabaseRow> = {
  id: 'id',
  database_name: 'database_name',
  backend: 'backend',
  expose_in_sqllab: 'expose_in_sqllab',
  allow_run_async: 'allow_run_async',
  allow_dml: 'allow_dml',
  allow_file_upload: 'allow_file_upload',
  changed_on: 'changed_on',
  changed_on_delta_humanized: 'changed_on',
  created_on: 'created_on',
};

const FLAG_COLUMNS = new Set([
  'expose_in_sqllab',
  'allow_run_async',
  'allow_dml',
  'allow_ctas',
  'allow_cvas',
  'allow_file_upload',
  'disable_data_preview',
]);

type DatabasesQuery = SelectQueryBuilder<MetadataSchema, 'databases', object>;

function applyFilters(query: DatabasesQuery, filters: ListQuery['filters']): DatabasesQuery {
  let q = query;
  for (const { col, opr, value } of filters) {
    if (
      col === 'database_name' &&
      (opr === 'ct' || opr === 'database_name_ct') &&
      typeof value === 'string'
    ) {
      q = q.where(containsText('database_name', value));
    } else if (col === 'database_name' && opr === 'eq' && typeof value === 'string') {
      q = q.where('database_name', '=', value);
    } else if (FLAG_COLUMNS.has(col) && opr === 'eq' && typeof value === 'boolean') {
      q = q.where(sql.ref(col), '=', value ? 1 : 0);
    } else if (col === 'backend' && opr === 'eq' && typeof value === 'string') {
      q = q.where('backend', '=', value);
    } else if (col === 'id' && opr === 'eq' && typeof value === 'number') {
      q = q.where('id', '=', value);
    } else {
      throw messageError(400, { filters: [`Filter ${col} ${opr} is not allowed.`] });
    }
  }
  return q;
}

export async function listDatabases(
  db: MetadataDb,
  query: ListQuery,
  visible: (row: DatabaseRow) => boolean,
): Promise<{ count: number; rows: DatabaseRow[] }> {
  const orderKey = query.order_column ?? 'database_name';
  const orderColumn = ORDERABLE[orderKey];
  if (orderColumn === undefined)
    throw messageError(400, { order_column: [`Not a valid column: ${orderKey}.`] });
  const all = await applyFilters(db.selectFrom('databases') as DatabasesQuery, query.filters)
    .selectAll()
    .orderBy(orderColumn, query.order_direction)
    .orderBy('id')
    .execute();
  // Access is decided per row in code; the number of connections is small enough to page in memory.
  const allowed = all.filter(visible);
  const start = query.page * query.page_size;
  return { count: allowed.length, rows: allowed.slice(start, start + query.page_size) };
}

export async function userNames(
  db: MetadataDb,
  ids: number[],
): Promise<Map<number, { id: number; first_name: string; last_name: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
