import { CHART_LIST_PAGE_SIZE, type ListFilter, type ListQuery } from '@tessera/contracts';
import { buildListQuery, type ListState } from '../../shared/ui/list-query';

/** The list filters of the Charts page besides the search box; undefined means "any". */
export interface ChartFilters {
  vizType?: string;
  datasetId?: number;
  ownerId?: number;
  favorite?: boolean;
}

/**
 * The rison query of GET /api/v1/chart/: the search box uses chart_all_text (name, description, viz
 * type and dataset name), the selects their filters of spec 001 §7; 200 charts a page (§9).
 */
export function chartListQuery(list: ListState, filters: ChartFilters): ListQuery {
  const query = buildListQuery(list, 'slice_name', CHART_LIST_PAGE_SIZE);
  const search = list.search.trim();
  const rules: ListFilter[] =
    search === '' ? [] : [{ col: 'slice_name', opr: 'chart_all_text', value: search }];
  if (filters.vizType !== undefined) rules.push({ col: 'viz_type', opr: 'eq', value: filters.vizType });
  if (filters.datasetId !== undefined)
    rules.push({ col: 'datasource_id', opr: 'eq', value: filters.datasetId });
  if (filters.ownerId !== undefined) rules.push({ col: 'owners', opr: 'rel_m_m', value: filters.ownerId });
  if (filters.favorite !== undefined)
    rules.push({ col: 'id', opr: 'chart_is_favorite', value: filters.favorite });
  return { ...query, filters: rules };
}

export const hasChartFilters = (list: ListState, filters: ChartFilters): boolean =>
  list.search.trim() !== '' || Object.values(filters).some((value) => value !== undefined);
