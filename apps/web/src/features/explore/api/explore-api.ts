import { z } from 'zod';
import {
  chartShowResponseSchema,
  chartWriteResponseSchema,
  dashboardListResponseSchema,
  dashboardWriteResponseSchema,
  datasetSamplesSchema,
  exploreDatasourceSchema,
  explorePermalinkStateSchema,
  exploreStateResponseSchema,
  favoriteStatusResponseSchema,
  permalinkCreatedSchema,
  type ChartCreate,
  type ChartUpdate,
  type ChartWriteResponse,
  type DashboardListResponse,
  type DashboardWriteResponse,
  type ExploreDatasource,
  type ExplorePermalinkRequest,
  type ExplorePermalinkState,
  type ExploreStateResponse,
  type FavoriteStatusResponse,
  type QueryContext,
} from '@tessera/contracts';
import { api } from '../../../shared/api/api';
import { chartDataResponseSchema, type ChartDataResponse } from '../../chart-runtime/chart-data-api';
import { encodeRison } from '../../../shared/rison/rison';

/** POST /datasource/samples answers `{result: DatasetSamples}`. */
export const samplesResponseSchema = z.object({ result: datasetSamplesSchema });
export type SamplesResponse = z.infer<typeof samplesResponseSchema>;

const okSchema = z.object({ result: z.string().optional() }).loose();

export interface ExploreStateArgs {
  slice_id?: number;
  datasource_id?: number;
  datasource_type?: string;
  form_data_key?: string;
  permalink_key?: string;
}

/**
 * The server calls of Explore. Chart data is a mutation: every "Update chart" is a new run whose
 * result goes to the charts slice, not to a cache entry shared by equal requests.
 */
export const exploreApi = api.injectEndpoints({
  endpoints: (build) => ({
    getExploreState: build.query<ExploreStateResponse, ExploreStateArgs>({
      query: (params) => ({ url: '/api/v1/explore/', params: { ...params } }),
      responseSchema: exploreStateResponseSchema,
    }),
    getDatasourceMetadata: build.query<ExploreDatasource, string>({
      query: (datasourceKey) => ({ url: '/superset/fetch_datasource_metadata', params: { datasourceKey } }),
      responseSchema: exploreDatasourceSchema,
    }),
    getExplorePermalink: build.query<ExplorePermalinkState, string>({
      query: (key) => ({ url: `/api/v1/explore/permalink/${encodeURIComponent(key)}` }),
      responseSchema: explorePermalinkStateSchema,
    }),
    postChartData: build.mutation<ChartDataResponse, QueryContext>({
      query: (body) => ({ url: '/api/v1/chart/data', method: 'POST', body }),
      responseSchema: chartDataResponseSchema,
    }),
    getSamples: build.query<
      SamplesResponse,
      { datasourceId: number; datasourceType: string; force: boolean }
    >({
      query: ({ datasourceId, datasourceType, force }) => ({
        url: '/datasource/samples',
        method: 'POST',
        params: {
          datasource_id: datasourceId,
          datasource_type: datasourceType,
          force,
          page: 1,
          per_page: 100,
        },
        body: {},
      }),
      responseSchema: samplesResponseSchema,
    }),
    createChart: build.mutation<ChartWriteResponse, ChartCreate>({
      query: (body) => ({ url: '/api/v1/chart/', method: 'POST', body }),
      responseSchema: chartWriteResponseSchema,
    }),
    updateChart: build.mutation<ChartWriteResponse, { id: number; body: ChartUpdate }>({
      query: ({ id, body }) => ({ url: `/api/v1/chart/${String(id)}`, method: 'PUT', body }),
      responseSchema: chartWriteResponseSchema,
    }),
    getChartDashboards: build.query<number[], number>({
      query: (id) => ({
        url: `/api/v1/chart/${String(id)}`,
        params: { q: encodeRison({ columns: ['dashboards.id'] }) },
      }),
      rawResponseSchema: chartShowResponseSchema,
      transformResponse: (response: z.infer<typeof chartShowResponseSchema>) =>
        (response.result.dashboards ?? []).map((dashboard) => dashboard.id),
    }),
    getChartFavoriteStatus: build.query<FavoriteStatusResponse, number>({
      query: (id) => ({ url: '/api/v1/chart/favorite_status/', params: { q: encodeRison([id]) } }),
      responseSchema: favoriteStatusResponseSchema,
    }),
    setChartFavorite: build.mutation<unknown, { id: number; starred: boolean }>({
      query: ({ id, starred }) => ({
        url: `/api/v1/chart/${String(id)}/favorites/`,
        method: starred ? 'POST' : 'DELETE',
      }),
      responseSchema: okSchema,
    }),
    createExplorePermalink: build.mutation<{ key: string; url: string }, ExplorePermalinkRequest>({
      query: (body) => ({ url: '/api/v1/explore/permalink', method: 'POST', body }),
      responseSchema: permalinkCreatedSchema,
    }),
    listEditableDashboards: build.query<DashboardListResponse, null>({
      query: () => ({
        url: '/api/v1/dashboard/',
        params: {
          q: encodeRison({
            columns: ['id', 'dashboard_title'],
            order_column: 'dashboard_title',
            order_direction: 'asc',
            page_size: 100,
          }),
        },
      }),
      responseSchema: dashboardListResponseSchema,
    }),
    createDashboard: build.mutation<DashboardWriteResponse, { dashboard_title: string }>({
      query: (body) => ({ url: '/api/v1/dashboard/', method: 'POST', body }),
      responseSchema: dashboardWriteResponseSchema,
    }),
  }),
});

export const {
  useGetExploreStateQuery,
  useGetSamplesQuery,
  useLazyGetSamplesQuery,
  usePostChartDataMutation,
  useCreateExplorePermalinkMutation,
  useListEditableDashboardsQuery,
} = exploreApi;
