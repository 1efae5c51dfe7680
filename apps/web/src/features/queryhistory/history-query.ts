import type { ListFilter, ListQuery, QueryListItem, QueryState } from '@tessera/contracts';
import { LIST_PAGE_SIZE } from '../../shared/ui/list-query';

/** The list table pages by LIST_PAGE_SIZE; the query must ask for the same. */
export const HISTORY_LIST_PAGE_SIZE = LIST_PAGE_SIZE;

export interface HistoryFilters {
  databaseId: number | null;
  state: QueryState | null;
  /** Honoured only for Admin: others see their own queries anyway. */
  userId: number | null;
  /** Epoch milliseconds of the run's start, inclusive range ends. */
  from: number | null;
  to: number | null;
}

export const NO_HISTORY_FILTERS: HistoryFilters = {
  databaseId: null,
  state: null,
  userId: null,
  from: null,
  to: null,
};

/** The rison list query of GET /api/v1/query/ for the page's filters, newest first. */
export function historyListQuery(filters: HistoryFilters, page: number): ListQuery {
  const list: ListFilter[] = [];
  if (filters.databaseId !== null) list.push({ col: 'database', opr: 'rel_o_m', value: filters.databaseId });
  if (filters.state !== null) list.push({ col: 'status', opr: 'eq', value: filters.state });
  if (filters.userId !== null) list.push({ col: 'user', opr: 'rel_o_m', value: filters.userId });
  if (filters.from !== null) list.push({ col: 'start_time', opr: 'ge', value: filters.from });
  if (filters.to !== null) list.push({ col: 'start_time', opr: 'le', value: filters.to });
  return {
    filters: list,
    order_column: 'changed_on',
    order_direction: 'desc',
    page,
    page_size: HISTORY_LIST_PAGE_SIZE,
  };
}

/** How long the run took, in milliseconds; null while it has not both started and ended. */
export function runDuration(query: Pick<QueryListItem, 'start_time' | 'end_time'>): number | null {
  if (query.start_time === null || query.end_time === null) return null;
  return Math.max(0, query.end_time - query.start_time);
}

/** The first characters of the SQL on one line, for the table cell. */
export function sqlPreview(sql: string, max = 120): string {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
