import type { ListQuery } from '@tessera/contracts';

export const LIST_PAGE_SIZE = 25;

export interface ListState {
  search: string;
  page: number;
  sortColumn: string | undefined;
  sortDirection: 'asc' | 'desc';
}

/** The rison list query of a searchable, sortable, paged table (FAB style, 'ct' = contains). */
export function buildListQuery(
  state: ListState,
  searchColumn: string,
  pageSize: number = LIST_PAGE_SIZE,
): ListQuery {
  const search = state.search.trim();
  return {
    filters: search === '' ? [] : [{ col: searchColumn, opr: 'ct', value: search }],
    ...(state.sortColumn === undefined ? {} : { order_column: state.sortColumn }),
    order_direction: state.sortDirection,
    page: state.page,
    page_size: pageSize,
  };
}

/** antd's sorter order ('ascend' | 'descend' | null) to a list query sort. */
export function sortFromTable(field: unknown, order: 'ascend' | 'descend' | null | undefined) {
  if (typeof field !== 'string' || order === null || order === undefined)
    return { sortColumn: undefined, sortDirection: 'asc' as const };
  return { sortColumn: field, sortDirection: order === 'descend' ? ('desc' as const) : ('asc' as const) };
}

interface TableSortState {
  columnKey?: unknown;
  order?: 'ascend' | 'descend' | null;
}

/** One sorter, or several when columns allow multiple sorting (antd's Table onChange). */
type TableSorter = TableSortState | readonly TableSortState[];

const isSorterList = (sorter: TableSorter): sorter is readonly TableSortState[] => Array.isArray(sorter);

/**
 * The list state after a table change: the new sort, and the page antd reports — except that a changed
 * sort starts again at the first page.
 */
export function listAfterTableChange(
  current: ListState,
  pageNumber: number | undefined,
  sorter: TableSorter,
): ListState {
  const first = isSorterList(sorter) ? sorter[0] : sorter;
  const sort = sortFromTable(first?.columnKey, first?.order);
  // Without a sort column the direction means nothing, so it cannot count as a change.
  const sortChanged =
    sort.sortColumn !== current.sortColumn ||
    (sort.sortColumn !== undefined && sort.sortDirection !== current.sortDirection);
  return { ...current, ...sort, page: sortChanged ? 0 : (pageNumber ?? 1) - 1 };
}

/** The antd sortOrder of a column under the current list sort. */
export function tableSortOrder(list: ListState, column: string): 'ascend' | 'descend' | null {
  if (list.sortColumn !== column) return null;
  return list.sortDirection === 'desc' ? 'descend' : 'ascend';
}

/** Changes the list state of a page (a React state setter given an update). */
export type ListStateUpdate = (update: (current: ListState) => ListState) => void;
