import type { ListQuery } from '@tessera/contracts';
import { pageOfList } from '../../db/paging';
import { sql } from 'kysely';
import type { MetadataDb } from '../../db/kysely';
import { refuseFilter } from '../../db/list-filter-values';
import { selectSavedQueryViews, type SavedQueryView } from './saved-queries.repo';

type ViewQuery = ReturnType<typeof selectSavedQueryViews>;

const ORDERABLE = {
  id: 's.id',
  label: 's.label',
  description: 's.description',
  sql: 's.sql',
  schema: 's.schema',
  catalog: 's.catalog',
  changed_on: 's.changed_on',
  changed_on_delta_humanized: 's.changed_on',
  created_on: 's.created_on',
  'database.database_name': 'd.database_name',
  'created_by.first_name': 'cu.first_name',
  'changed_by.first_name': 'mu.first_name',
} as const;

/** Text columns searchable one at a time with ct (contains), sw (starts with) and eq. */
const TEXT_COLUMNS = {
  label: 's.label',
  description: 's.description',
  sql: 's.sql',
  schema: 's.schema',
  catalog: 's.catalog',
  'database.database_name': 'd.database_name',
} as const;

const has = <T extends object>(map: T, key: string): key is Extract<keyof T, string> =>
  Object.prototype.hasOwnProperty.call(map, key);

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function likeOn(column: string, pattern: string) {
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/**
 * Filters of GET /api/v1/saved_query/. `all_text` (on any column name, the page sends `label`)
 * searches label, description, sql and the database name at once.
 */
function applyFilters(query: ViewQuery, filters: ListQuery['filters']): ViewQuery {
  let q = query;
  for (const { col, opr, value } of filters) {
    if (opr === 'all_text') {
      if (typeof value !== 'string') refuseFilter(col, opr);
      const pattern = `%${escapeLike(value.toLowerCase())}%`;
      q = q.where((eb) =>
        eb.or([
          likeOn('s.label', pattern),
          likeOn('s.description', pattern),
          likeOn('s.sql', pattern),
          likeOn('d.database_name', pattern),
        ]),
      );
    } else if (has(TEXT_COLUMNS, col) && (opr === 'ct' || opr === 'sw') && typeof value === 'string') {
      const text = escapeLike(value.toLowerCase());
      q = q.where(likeOn(TEXT_COLUMNS[col], opr === 'ct' ? `%${text}%` : `${text}%`));
    } else if (has(TEXT_COLUMNS, col) && opr === 'eq' && typeof value === 'string') {
      q = q.where(sql.ref(TEXT_COLUMNS[col]), '=', value);
    } else if ((col === 'database' || col === 'db_id') && (opr === 'rel_o_m' || opr === 'eq')) {
      if (typeof value !== 'number') refuseFilter(col, opr);
      q = q.where('s.db_id', '=', value);
    } else if ((col === 'created_by' || col === 'changed_by') && (opr === 'rel_o_m' || opr === 'eq')) {
      if (typeof value !== 'number') refuseFilter(col, opr);
      q = q.where(col === 'created_by' ? 's.created_by_fk' : 's.changed_by_fk', '=', value);
    } else if (col === 'id' && opr === 'in' && Array.isArray(value)) {
      const ids = value.filter((item): item is number => typeof item === 'number');
      q = ids.length === 0 ? q.where(sql<boolean>`1 = 0`) : q.where('s.id', 'in', ids);
    } else {
      refuseFilter(col, opr);
    }
  }
  return q;
}

/** List rows: filtered, ordered (default changed_on desc) and paged in SQL; `ownerId` null = all users. */
export async function listSavedQueryViews(
  db: MetadataDb,
  query: ListQuery,
  ownerId: number | null,
): Promise<{ count: number; rows: SavedQueryView[] }> {
  let base = applyFilters(selectSavedQueryViews(db), query.filters);
  if (ownerId !== null) base = base.where('s.user_id', '=', ownerId);
  return pageOfList(base, query, ORDERABLE, { defaultOrder: 'changed_on', idColumn: 's.id' });
}
