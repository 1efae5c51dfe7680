import {
  UNTITLED_DASHBOARD_TITLE,
  dashboardListResponseSchema,
  dashboardWriteResponseSchema,
  favoriteStatusResponseSchema,
  okMessageSchema,
  type DashboardListResponse,
  type DashboardWriteResponse,
  type FavoriteStatusResponse,
  type ListQuery,
} from '@tessera/contracts';
import { z } from 'zod';
import { api } from '../../../shared/api/api';
import { encodeRison } from '../../../shared/rison/rison';

const favoriteOkSchema = z.object({ result: z.string() });

/**
 * /api/v1/dashboard/ endpoints of the Dashboards list. Names carry a "dashboardList" prefix so they
 * never collide with the dashboard page's own endpoints injected into the same API.
 */
export const dashboardListApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboardList: build.query<DashboardListResponse, ListQuery>({
      query: (query) => ({ url: '/api/v1/dashboard/', params: { q: encodeRison(query) } }),
      responseSchema: dashboardListResponseSchema,
    }),
    dashboardListFavoriteStatus: build.query<FavoriteStatusResponse, number[]>({
      query: (ids) => ({ url: '/api/v1/dashboard/favorite_status/', params: { q: encodeRison(ids) } }),
      responseSchema: favoriteStatusResponseSchema,
    }),
    setDashboardListFavorite: build.mutation<{ result: string }, { id: number; starred: boolean }>({
      query: ({ id, starred }) => ({
        url: `/api/v1/dashboard/${id}/favorites/`,
        method: starred ? 'POST' : 'DELETE',
      }),
      responseSchema: favoriteOkSchema,
    }),
    deleteDashboardFromList: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/api/v1/dashboard/${id}`, method: 'DELETE' }),
      responseSchema: okMessageSchema,
    }),
    bulkDeleteDashboards: build.mutation<{ message: string }, number[]>({
      query: (ids) => ({ url: '/api/v1/dashboard/', method: 'DELETE', params: { q: encodeRison(ids) } }),
      responseSchema: okMessageSchema,
    }),
    createUntitledDashboard: build.mutation<DashboardWriteResponse, null>({
      query: () => ({
        url: '/api/v1/dashboard/',
        method: 'POST',
        body: { dashboard_title: UNTITLED_DASHBOARD_TITLE },
      }),
      responseSchema: dashboardWriteResponseSchema,
    }),
  }),
});

export const {
  useDashboardListQuery,
  useDashboardListFavoriteStatusQuery,
  useSetDashboardListFavoriteMutation,
  useDeleteDashboardFromListMutation,
  useBulkDeleteDashboardsMutation,
  useCreateUntitledDashboardMutation,
} = dashboardListApi;
