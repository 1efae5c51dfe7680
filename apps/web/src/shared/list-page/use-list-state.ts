import { useState } from 'react';
import type { ListState, ListStateUpdate } from '../ui/list-query';

/** A list page's search, page and sort, starting at the first page under `sort`. */
export function useListState(sort: {
  column: string | undefined;
  direction: 'asc' | 'desc';
}): [ListState, ListStateUpdate] {
  const [list, setList] = useState<ListState>({
    search: '',
    page: 0,
    sortColumn: sort.column,
    sortDirection: sort.direction,
  });
  return [list, setList];
}
