import type { ListFilter, ListQuery, ReportState, ReportType } from '@tessera/contracts';
import { buildListQuery, type ListState } from '../../shared/ui/list-query';

/** The list's selects besides the search box; undefined means "any". */
export interface ReportFilters {
  ownerId?: number;
  createdById?: number;
  lastState?: ReportState;
  active?: boolean;
}

/** GET /api/v1/report/ for one tab (Alerts or Reports): search is `all_text` (name and description). */
export function reportListQuery(type: ReportType, list: ListState, filters: ReportFilters): ListQuery {
  const query = buildListQuery(list, 'name');
  const search = list.search.trim();
  const rules: ListFilter[] = [{ col: 'type', opr: 'eq', value: type }];
  if (search !== '') rules.push({ col: 'name', opr: 'all_text', value: search });
  if (filters.ownerId !== undefined) rules.push({ col: 'owners', opr: 'rel_m_m', value: filters.ownerId });
  if (filters.createdById !== undefined)
    rules.push({ col: 'created_by', opr: 'rel_o_m', value: filters.createdById });
  if (filters.lastState !== undefined) rules.push({ col: 'last_state', opr: 'eq', value: filters.lastState });
  if (filters.active !== undefined) rules.push({ col: 'active', opr: 'eq', value: filters.active });
  return { ...query, filters: rules };
}

export const hasReportFilters = (list: ListState, filters: ReportFilters): boolean =>
  list.search.trim() !== '' || Object.values(filters).some((value) => value !== undefined);
