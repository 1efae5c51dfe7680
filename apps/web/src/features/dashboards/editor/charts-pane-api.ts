import {
  CHART_LIST_PAGE_SIZE,
  chartListResponseSchema,
  type ChartListResponse,
  type ListFilter,
  type ListQuery,
} from '@tessera/contracts';
import { api } from '../../../shared/api/api';
import { encodeRison } from '../../../shared/rison/rison';

export type ChartsPaneSort = 'changed_on' | 'slice_name' | 'viz_type';

export interface ChartsPaneFilters {
  search: string;
  /** Only charts the user owns ("Mine"), else all they can see. */
  ownerId?: number;
  sort: ChartsPaneSort;
}

/** The rison query of GET /api/v1/chart/ for the charts pane: newest first by default. */
export function chartsPaneQuery({ search, ownerId, sort }: ChartsPaneFilters): ListQuery {
  const filters: ListFilter[] = [];
  const text = search.trim();
  if (text !== '') filters.push({ col: 'slice_name', opr: 'chart_all_text', value: text });
  if (ownerId !== undefined) filters.push({ col: 'owners', opr: 'rel_m_m', value: ownerId });
  return {
    filters,
    order_column: sort,
    order_direction: sort === 'changed_on' ? 'desc' : 'asc',
    page: 0,
    page_size: CHART_LIST_PAGE_SIZE,
    columns: ['id', 'uuid', 'slice_name', 'viz_type', 'datasource_name_text', 'changed_on_delta_humanized'],
  };
}

/** Named with a "chartsPane" prefix so it never collides with the Charts list's endpoints. */
export const chartsPaneApi = api.injectEndpoints({
  endpoints: (build) => ({
    chartsPaneCharts: build.query<ChartListResponse, ChartsPaneFilters>({
      query: (filters) => ({ url: '/api/v1/chart/', params: { q: encodeRison(chartsPaneQuery(filters)) } }),
      responseSchema: chartListResponseSchema,
    }),
  }),
});

export const { useChartsPaneChartsQuery } = chartsPaneApi;
