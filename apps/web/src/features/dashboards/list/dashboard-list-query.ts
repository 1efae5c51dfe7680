import type { ListFilter, ListQuery } from '@tessera/contracts';
import { buildListQuery, type ListState } from '../../../shared/ui/list-query';

/** The Dashboards page's filters besides the search box; undefined means "any". */
export interface DashboardFilters {
  ownerId?: number;
  published?: boolean;
  favorite?: boolean;
  certified?: boolean;
}

/**
 * The rison query of GET /api/v1/dashboard/: the search box looks in titles and slugs
 * (`title_or_slug`), the selects use the filters of DASHBOARD_LIST_FILTERS.
 */
export function dashboardListQuery(list: ListState, filters: DashboardFilters): ListQuery {
  const query = buildListQuery(list, 'dashboard_title');
  const search = list.search.trim();
  const rules: ListFilter[] =
    search === '' ? [] : [{ col: 'dashboard_title', opr: 'title_or_slug', value: search }];
  if (filters.ownerId !== undefined) rules.push({ col: 'owners', opr: 'rel_m_m', value: filters.ownerId });
  if (filters.published !== undefined) rules.push({ col: 'published', opr: 'eq', value: filters.published });
  if (filters.favorite !== undefined)
    rules.push({ col: 'id', opr: 'dashboard_is_favorite', value: filters.favorite });
  if (filters.certified !== undefined)
    rules.push({ col: 'id', opr: 'dashboard_is_certified', value: filters.certified });
  return { ...query, filters: rules };
}

export const hasDashboardFilters = (list: ListState, filters: DashboardFilters): boolean =>
  list.search.trim() !== '' || Object.values(filters).some((value) => value !== undefined);
