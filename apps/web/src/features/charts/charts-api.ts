import {
  chartDistinctResponseSchema,
  chartListResponseSchema,
  chartRelatedOwnersResponseSchema,
  chartWriteResponseSchema,
  favoriteStatusResponseSchema,
  okMessageSchema,
  type ChartDistinctResponse,
  type ChartListResponse,
  type ChartRelatedOwnersResponse,
  type ChartUpdate,
  type ChartWriteResponse,
  type FavoriteStatusResponse,
  type ListQuery,
} from '@tessera/contracts';
import { z } from 'zod';
import { api } from '../../shared/api/api';
import { encodeRison } from '../../shared/rison/rison';

const favoriteOkSchema = z.object({ result: z.string() });

/**
 * /api/v1/chart/ endpoints of the Charts list. Names carry a "chartList" prefix so they never collide
 * with Explore's own chart endpoints injected into the same API. The page refetches after changes.
 */
export const chartsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCharts: build.query<ChartListResponse, ListQuery>({
      query: (query) => ({ url: '/api/v1/chart/', params: { q: encodeRison(query) } }),
      responseSchema: chartListResponseSchema,
    }),
    chartListVizTypes: build.query<ChartDistinctResponse, null>({
      query: () => ({ url: '/api/v1/chart/distinct/viz_type' }),
      responseSchema: chartDistinctResponseSchema,
    }),
    /** One page of owner candidates for the properties dialog's async select. */
    chartOwnerOptions: build.query<
      ChartRelatedOwnersResponse,
      { search: string; page: number; pageSize: number }
    >({
      query: ({ search, page, pageSize }) => ({
        url: '/api/v1/chart/related/owners',
        params: { q: encodeRison({ filter: search, page, page_size: pageSize }) },
      }),
      responseSchema: chartRelatedOwnersResponseSchema,
    }),
    chartListFavoriteStatus: build.query<FavoriteStatusResponse, number[]>({
      query: (ids) => ({ url: '/api/v1/chart/favorite_status/', params: { q: encodeRison(ids) } }),
      responseSchema: favoriteStatusResponseSchema,
    }),
    setChartListFavorite: build.mutation<{ result: string }, { id: number; starred: boolean }>({
      query: ({ id, starred }) => ({
        url: `/api/v1/chart/${id}/favorites/`,
        method: starred ? 'POST' : 'DELETE',
      }),
      responseSchema: favoriteOkSchema,
    }),
    updateChartProperties: build.mutation<ChartWriteResponse, { id: number; body: ChartUpdate }>({
      query: ({ id, body }) => ({ url: `/api/v1/chart/${id}`, method: 'PUT', body }),
      responseSchema: chartWriteResponseSchema,
    }),
    deleteChartFromList: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/api/v1/chart/${id}`, method: 'DELETE' }),
      responseSchema: okMessageSchema,
    }),
    bulkDeleteCharts: build.mutation<{ message: string }, number[]>({
      query: (ids) => ({ url: '/api/v1/chart/', method: 'DELETE', params: { q: encodeRison(ids) } }),
      responseSchema: okMessageSchema,
    }),
  }),
});

export const {
  useListChartsQuery,
  useChartListVizTypesQuery,
  useLazyChartOwnerOptionsQuery,
  useChartListFavoriteStatusQuery,
  useSetChartListFavoriteMutation,
  useUpdateChartPropertiesMutation,
  useDeleteChartFromListMutation,
  useBulkDeleteChartsMutation,
} = chartsApi;
