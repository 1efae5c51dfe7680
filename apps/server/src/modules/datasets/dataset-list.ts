import type { ListQuery } from '@tessera/contracts';
import { pageOfList } from '../../db/paging';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { MetadataDb } from '../../db/kysely';
import { refuseFilter } from '../../db/list-filter-values';
import { selectDatasetViews, type DatasetView } from './datasets.repo';

type ViewQuery = ReturnType<typeof selectDatasetViews>;

const ORDERABLE = {
  id: 't.id',
  table_name: 't.table_name',
  schema: 't.schema',
  sql: 't.sql',
  changed_on: 't.changed_on',
  changed_on_delta_humanized: 't.changed_on',
  changed_on_utc: 't.changed_on',
  'database.database_name': 'd.database_name',
  'changed_by.first_name': 'mu.first_name',
} as const;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const ownedBy = (userId: number) =>
  sql<boolean>`exists (select 1 from dataset_owners o where o.dataset_id = t.id and o.user_id = ${userId})`;

const VIRTUAL = sql<boolean>`(t.sql is not null and t.sql <> '')`;

/** Search by name (ct/sw/eq), database, schema, owner, and virtual vs physical (Superset's sql filter). */
function applyFilters(query: ViewQuery, filters: ListQuery['filters']): ViewQuery {
  let q = query;
  for (const { col, opr, value } of filters) {
    if (col === 'table_name' && (opr === 'ct' || opr === 'sw') && typeof value === 'string') {
      const needle = escapeLike(value.toLowerCase());
      const pattern = opr === 'ct' ? `%${needle}%` : `${needle}%`;
      q = q.where(sql<boolean>`lower(t.table_name) like ${pattern} escape '\\'`);
    } else if (col === 'table_name' && opr === 'eq' && typeof value === 'string') {
      q = q.where('t.table_name', '=', value);
    } else if ((col === 'database' || col === 'database_id') && (opr === 'rel_o_m' || opr === 'eq')) {
      if (typeof value !== 'number') refuseFilter(col, opr);
      q = q.where('t.database_id', '=', value);
    } else if (col === 'schema' && opr === 'eq' && typeof value === 'string') {
      q = q.where('t.schema', '=', value);
    } else if ((col === 'owners' || col === 'created_by') && (opr === 'rel_m_m' || opr === 'rel_o_m')) {
      if (typeof value !== 'number') refuseFilter(col, opr);
      q = q.where(ownedBy(value));
    } else if (col === 'sql' && opr === 'dataset_is_null_or_empty' && typeof value === 'boolean') {
      // true: physical tables only; false: virtual datasets only.
      q = q.where(value ? sql<boolean>`not ${VIRTUAL}` : VIRTUAL);
    } else {
      refuseFilter(col, opr);
    }
  }
  return q;
}

/** GET /api/v1/dataset/ rows; `visible` (over `t.id`) limits them to the datasets the caller reads. */
export async function listDatasetViews(
  db: MetadataDb,
  query: ListQuery,
  visible: Expression<SqlBool> | null,
): Promise<{ count: number; rows: DatasetView[] }> {
  let base = applyFilters(selectDatasetViews(db), query.filters);
  if (visible !== null) base = base.where(visible);
  return pageOfList(base, query, ORDERABLE, { defaultOrder: 'changed_on', idColumn: 't.id' });
}
