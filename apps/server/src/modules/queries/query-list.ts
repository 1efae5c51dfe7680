import type { ListQuery } from '@tessera/contracts';
import { pageOfList } from '../../db/paging';
import { sql } from 'kysely';
import type { MetadataDb } from '../../db/kysely';
import { refuseFilter } from '../../db/list-filter-values';
import { selectQueryViews, type QueryView } from './queries.repo';

type ViewQuery = ReturnType<typeof selectQueryViews>;

const ORDERABLE = {
  id: 'q.id',
  changed_on: 'q.changed_on',
  start_time: 'q.start_time',
  end_time: 'q.end_time',
  rows: 'q.rows',
  status: 'q.status',
  tab_name: 'q.tab_name',
  sql: 'q.sql',
  progress: 'q.progress',
  'database.database_name': 'd.database_name',
  'user.first_name': 'u.first_name',
} as const;

const COMPARISONS = { gt: '>', lt: '<', ge: '>=', le: '<=' } as const;

function isComparison(opr: string): opr is keyof typeof COMPARISONS {
  return Object.prototype.hasOwnProperty.call(COMPARISONS, opr);
}

/** Epoch milliseconds from a number or a date text; null when it is neither. */
function toEpochMs(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The searchable columns of reference §2.4: database, status, user, sql, start_time, sql_editor_id, changed_on. */
function applyFilters(query: ViewQuery, filters: ListQuery['filters']): ViewQuery {
  let q = query;
  for (const { col, opr, value } of filters) {
    if ((col === 'database' || col === 'database_id') && (opr === 'rel_o_m' || opr === 'eq')) {
      if (typeof value !== 'number') refuseFilter(col, opr);
      q = q.where('q.database_id', '=', value);
    } else if ((col === 'user' || col === 'user_id') && (opr === 'rel_o_m' || opr === 'eq')) {
      if (typeof value !== 'number') refuseFilter(col, opr);
      q = q.where('q.user_id', '=', value);
    } else if (col === 'status' && opr === 'eq' && typeof value === 'string') {
      q = q.where('q.status', '=', value);
    } else if (col === 'status' && opr === 'in' && Array.isArray(value)) {
      q = value.length === 0 ? q.where(sql<boolean>`1 = 0`) : q.where('q.status', 'in', value.map(String));
    } else if (col === 'sql' && (opr === 'ct' || opr === 'sw') && typeof value === 'string') {
      const pattern =
        opr === 'ct' ? `%${escapeLike(value.toLowerCase())}%` : `${escapeLike(value.toLowerCase())}%`;
      q = q.where(sql<boolean>`lower(q.sql) like ${pattern} escape '\\'`);
    } else if (col === 'sql_editor_id' && opr === 'eq' && typeof value === 'string') {
      q = q.where('q.sql_editor_id', '=', value);
    } else if (col === 'client_id' && opr === 'eq' && typeof value === 'string') {
      q = q.where('q.client_id', '=', value);
    } else if (col === 'start_time' && isComparison(opr)) {
      const ms = toEpochMs(value);
      if (ms === null) refuseFilter(col, opr);
      q = q.where('q.start_time', COMPARISONS[opr], ms);
    } else if (col === 'changed_on' && isComparison(opr)) {
      const ms = toEpochMs(value);
      if (ms === null) refuseFilter(col, opr);
      q = q.where('q.changed_on', COMPARISONS[opr], new Date(ms).toISOString());
    } else {
      refuseFilter(col, opr);
    }
  }
  return q;
}

/**
 * GET /api/v1/query/ rows: filtered, ordered (default changed_on desc) and paged in SQL.
 * `ownerId` limits the list to one user's queries (everyone but Admin / all_query_access).
 */
export async function listQueryViews(
  db: MetadataDb,
  query: ListQuery,
  ownerId: number | null,
): Promise<{ count: number; rows: QueryView[] }> {
  let base = applyFilters(selectQueryViews(db), query.filters);
  if (ownerId !== null) base = base.where('q.user_id', '=', ownerId);
  return pageOfList(base, query, ORDERABLE, { defaultOrder: 'changed_on', idColumn: 'q.id' });
}
