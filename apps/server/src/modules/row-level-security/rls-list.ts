import { RLS_FILTER_TYPES, type ListQuery, type RlsFilterType } from '@tessera/contracts';
import { sql } from 'kysely';
import type { MetadataDb } from '../../db/kysely';
import { containsText, startsWithText } from '../../db/like';
import { filterId, filterIds, filterText, refuseFilter } from '../../db/list-filter-values';
import { pageOfList } from '../../db/paging';
import { selectRlsViews, type RlsView } from './rls.repo';

type ViewQuery = ReturnType<typeof selectRlsViews>;

const ORDERABLE = {
  id: 'f.id',
  name: 'f.name',
  filter_type: 'f.filter_type',
  clause: 'f.clause',
  group_key: 'f.group_key',
  changed_on: 'f.changed_on',
  changed_on_delta_humanized: 'f.changed_on',
} as const;

const TEXT_COLUMNS = {
  name: 'f.name',
  description: 'f.description',
  clause: 'f.clause',
  group_key: 'f.group_key',
} as const;

const has = <T extends object>(map: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(map, key);
const isFilterType = (value: string): value is RlsFilterType =>
  (RLS_FILTER_TYPES as readonly string[]).includes(value);

/**
 * Filters of GET /api/v1/rowlevelsecurity/ (Superset's search columns): name, description, clause and
 * group_key ct/sw/eq; filter_type eq; tables and roles rel_m_m (a dataset or role id); changed_by and
 * created_by rel_o_m; id in/eq.
 */
function applyFilters(query: ViewQuery, filters: ListQuery['filters']): ViewQuery {
  let q = query;
  for (const filter of filters) {
    const { col, opr } = filter;
    if (has(TEXT_COLUMNS, col) && opr === 'ct')
      q = q.where(containsText(TEXT_COLUMNS[col], filterText(filter)));
    else if (has(TEXT_COLUMNS, col) && opr === 'sw')
      q = q.where(startsWithText(TEXT_COLUMNS[col], filterText(filter)));
    else if (has(TEXT_COLUMNS, col) && opr === 'eq')
      q = q.where(sql.ref(TEXT_COLUMNS[col]), '=', filterText(filter));
    else if (col === 'filter_type' && opr === 'eq') {
      const type = filterText(filter);
      if (!isFilterType(type)) refuseFilter(col, opr);
      q = q.where('f.filter_type', '=', type);
    } else if (col === 'tables' && (opr === 'rel_m_m' || opr === 'eq')) {
      const id = filterId(filter);
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('rls_filter_tables as lt')
            .select('lt.id')
            .whereRef('lt.rls_filter_id', '=', 'f.id')
            .where('lt.table_id', '=', id),
        ),
      );
    } else if (col === 'roles' && (opr === 'rel_m_m' || opr === 'eq')) {
      const id = filterId(filter);
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('rls_filter_roles as lr')
            .select('lr.id')
            .whereRef('lr.rls_filter_id', '=', 'f.id')
            .where('lr.role_id', '=', id),
        ),
      );
    } else if ((col === 'changed_by' || col === 'created_by') && (opr === 'rel_o_m' || opr === 'eq')) {
      q = q.where(col === 'changed_by' ? 'f.changed_by_fk' : 'f.created_by_fk', '=', filterId(filter));
    } else if (col === 'id' && (opr === 'in' || opr === 'eq')) {
      const ids = filterIds(filter);
      q = ids.length === 0 ? q.where(sql<boolean>`1 = 0`) : q.where('f.id', 'in', ids);
    } else refuseFilter(col, opr);
  }
  return q;
}

/** List rows: filtered, ordered (default changed_on desc) and paged in SQL. */
export async function listRlsViews(
  db: MetadataDb,
  query: ListQuery,
): Promise<{ count: number; rows: RlsView[] }> {
  const base = applyFilters(selectRlsViews(db), query.filters);
  return pageOfList(base, query, ORDERABLE, { defaultOrder: 'changed_on', idColumn: 'f.id' });
}
