import { z } from 'zod';
import {
  columnValuesResponseSchema,
  chartShowResponseSchema,
  chartWriteResponseSchema,
  dashboardListResponseSchema,
  dashboardShowResponseSchema,
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
  type ColumnValuesResponse,
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
    /** A column's distinct values, sent whole (at most FILTER_SELECT_ROW_LIMIT): pickers page them here. */
    getColumnValues: build.query<
      ColumnValuesResponse,
      { datasourceType: string; datasourceId: number; column: string }
    >({
      query: ({ datasourceType, datasourceId, column }) => ({
        url: `/api/v1/datasource/${encodeURIComponent(datasourceType)}/${String(datasourceId)}/column/${encodeURIComponent(column)}/values/`,
      }),
      responseSchema: columnValuesResponseSchema,
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
    listEditableDashboards: build.query<
      DashboardListResponse,
      { search: string; page: number; pageSize: number }
    >({
      query: ({ search, page, pageSize }) => ({
        url: '/api/v1/dashboard/',
        params: {
          q: encodeRison({
            columns: ['id', 'dashboard_title'],
            filters: search === '' ? [] : [{ col: 'dashboard_title', opr: 'ct', value: search }],
            order_column: 'dashboard_title',
            order_direction: 'asc',
            page,
            page_size: pageSize,
          }),
        },
      }),
      responseSchema: dashboardListResponseSchema,
    }),
    /** One dashboard by id (Explore opened from a dashboard preselects it in the save dialog). */
    getDashboardChoice: build.query<DashboardListResponse, number>({
      query: (id) => ({
        url: '/api/v1/dashboard/',
        params: {
          q: encodeRison({
            columns: ['id', 'dashboard_title'],
            filters: [{ col: 'id', opr: 'eq', value: id }],
            page: 0,
            page_size: 1,
          }),
        },
      }),
      responseSchema: dashboardListResponseSchema,
    }),
    /** The dashboard Explore was opened from: its colour scheme and label colours colour the chart. */
    getExploreDashboard: build.query<z.infer<typeof dashboardShowResponseSchema>, number>({
      query: (id) => ({ url: `/api/v1/dashboard/${String(id)}` }),
      responseSchema: dashboardShowResponseSchema,
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
  useLazyGetColumnValuesQuery,
  usePostChartDataMutation,
  useCreateExplorePermalinkMutation,
  useLazyListEditableDashboardsQuery,
  useGetDashboardChoiceQuery,
  useGetExploreDashboardQuery,
} = exploreApi;
