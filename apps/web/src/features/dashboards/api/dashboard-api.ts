import {
  chartShowResponseSchema,
  dashboardChartsResponseSchema,
  dashboardCopyResponseSchema,
  type DashboardCopy,
  dashboardListResponseSchema,
  dashboardShowResponseSchema,
  dashboardWriteResponseSchema,
  exploreDatasourceSchema,
  type ExploreDatasource,
  favoriteStatusResponseSchema,
  type DashboardListResponse,
  type DashboardWriteResponse,
  dashboardPermalinkResponseSchema,
  dashboardPermalinkStateSchema,
  type DashboardPermalinkRequest,
  type DashboardPermalinkState,
  type ExplorePermalinkRequest,
  type FavoriteStatusResponse,
} from '@tessera/contracts';
import { z } from 'zod';
import { api } from '../../../shared/api/api';
import { encodeRison } from '../../../shared/rison/rison';

export type DashboardShowResponse = z.infer<typeof dashboardShowResponseSchema>;
export type ChartShowResponse = z.infer<typeof chartShowResponseSchema>;

const okSchema = z.object({ result: z.string().optional() }).loose();

export type { DashboardPermalinkState };
const permalinkCreatedSchema = dashboardPermalinkResponseSchema;

/** The dashboard page's server calls. */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<DashboardShowResponse, number>({
      query: (id) => ({ url: `/api/v1/dashboard/${String(id)}` }),
      responseSchema: dashboardShowResponseSchema,
    }),
    /** Until GET /dashboard/{slug} is served, a slug is looked up through the list's `slug eq` filter. */
    findDashboardBySlug: build.query<DashboardListResponse, string>({
      query: (slug) => ({
        url: '/api/v1/dashboard/',
        params: {
          q: encodeRison({ filters: [{ col: 'slug', opr: 'eq', value: slug }], page: 0, page_size: 1 }),
        },
      }),
      responseSchema: dashboardListResponseSchema,
    }),
    getDashboardChart: build.query<ChartShowResponse, number>({
      query: (id) => ({ url: `/api/v1/chart/${String(id)}` }),
      responseSchema: chartShowResponseSchema,
    }),
    getDashboardCharts: build.query<z.infer<typeof dashboardChartsResponseSchema>, number>({
      query: (id) => ({ url: `/api/v1/dashboard/${String(id)}/charts` }),
      responseSchema: dashboardChartsResponseSchema,
    }),
    getDashboardDatasource: build.query<ExploreDatasource, string>({
      query: (datasourceKey) => ({ url: '/superset/fetch_datasource_metadata', params: { datasourceKey } }),
      responseSchema: exploreDatasourceSchema,
    }),
    getDashboardFavoriteStatus: build.query<FavoriteStatusResponse, number>({
      query: (id) => ({ url: '/api/v1/dashboard/favorite_status/', params: { q: encodeRison([id]) } }),
      responseSchema: favoriteStatusResponseSchema,
    }),
    setDashboardFavorite: build.mutation<unknown, { id: number; starred: boolean }>({
      query: ({ id, starred }) => ({
        url: `/api/v1/dashboard/${String(id)}/favorites/`,
        method: starred ? 'POST' : 'DELETE',
      }),
      responseSchema: okSchema,
    }),
    setDashboardPublished: build.mutation<DashboardWriteResponse, { id: number; published: boolean }>({
      query: ({ id, published }) => ({
        url: `/api/v1/dashboard/${String(id)}`,
        method: 'PUT',
        body: { published },
      }),
      responseSchema: dashboardWriteResponseSchema,
    }),
    /** 'Save as': POST /dashboard/{id}/copy/ answers the new dashboard's id. */
    copyDashboard: build.mutation<
      z.infer<typeof dashboardCopyResponseSchema>,
      { id: number; body: DashboardCopy }
    >({
      query: ({ id, body }) => ({ url: `/api/v1/dashboard/${String(id)}/copy/`, method: 'POST', body }),
      responseSchema: dashboardCopyResponseSchema,
    }),
    createDashboardPermalink: build.mutation<
      z.infer<typeof permalinkCreatedSchema>,
      { id: number; body: DashboardPermalinkRequest }
    >({
      query: ({ id, body }) => ({ url: `/api/v1/dashboard/${String(id)}/permalink`, method: 'POST', body }),
      responseSchema: permalinkCreatedSchema,
    }),
    getDashboardPermalink: build.query<DashboardPermalinkState, string>({
      query: (key) => ({ url: `/api/v1/dashboard/permalink/${encodeURIComponent(key)}` }),
      responseSchema: dashboardPermalinkStateSchema,
    }),
    /** GET /dashboard/{uuid}: a permalink names its dashboard by uuid. */
    getDashboardByKey: build.query<DashboardShowResponse, string>({
      query: (key) => ({ url: `/api/v1/dashboard/${encodeURIComponent(key)}` }),
      responseSchema: dashboardShowResponseSchema,
    }),
    createExplorePermalink: build.mutation<z.infer<typeof permalinkCreatedSchema>, ExplorePermalinkRequest>({
      query: (body) => ({ url: '/api/v1/explore/permalink', method: 'POST', body }),
      responseSchema: permalinkCreatedSchema,
    }),
  }),
});
