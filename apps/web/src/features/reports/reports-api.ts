import {
  chartListResponseSchema,
  chartRelatedOwnersResponseSchema,
  dashboardListResponseSchema,
  dashboardTabsResponseSchema,
  okMessageSchema,
  reportListResponseSchema,
  reportLogListResponseSchema,
  reportShowResponseSchema,
  reportWriteResponseSchema,
  type ChartRelatedOwnersResponse,
  type ListQuery,
  type ReportCreate,
  type ReportListResponse,
  type ReportSchedule,
  type ReportUpdate,
} from '@tessera/contracts';
import { z } from 'zod';
import { api } from '../../shared/api/api';
import { encodeRison } from '../../shared/rison/rison';

type WriteResponse = z.infer<typeof reportWriteResponseSchema>;
type LogListResponse = z.infer<typeof reportLogListResponseSchema>;
type ChartList = z.infer<typeof chartListResponseSchema>;
type DashboardList = z.infer<typeof dashboardListResponseSchema>;

// Only the flat map of the contracts' answer: its recursive tree does not type as a raw schema.
const allTabsSchema = z.object({
  result: dashboardTabsResponseSchema.shape.result.pick({ all_tabs: true }),
});

interface OptionsPage {
  search: string;
  page: number;
  pageSize: number;
}

/**
 * /api/v1/report/ (reference §10) and the pickers of the report dialog. Names carry a "report" prefix so
 * they never collide with the other features' endpoints injected into the same API.
 */
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listReports: build.query<ReportListResponse, ListQuery>({
      query: (query) => ({ url: '/api/v1/report/', params: { q: encodeRison(query) } }),
      responseSchema: reportListResponseSchema,
    }),
    getReport: build.query<ReportSchedule, number, z.infer<typeof reportShowResponseSchema>>({
      query: (id) => ({ url: `/api/v1/report/${id}` }),
      rawResponseSchema: reportShowResponseSchema,
      transformResponse: (response) => response.result,
    }),
    createReport: build.mutation<WriteResponse, ReportCreate>({
      query: (body) => ({ url: '/api/v1/report/', method: 'POST', body }),
      responseSchema: reportWriteResponseSchema,
    }),
    updateReport: build.mutation<WriteResponse, { id: number; body: ReportUpdate }>({
      query: ({ id, body }) => ({ url: `/api/v1/report/${id}`, method: 'PUT', body }),
      responseSchema: reportWriteResponseSchema,
    }),
    deleteReport: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/api/v1/report/${id}`, method: 'DELETE' }),
      responseSchema: okMessageSchema,
    }),
    bulkDeleteReports: build.mutation<{ message: string }, number[]>({
      query: (ids) => ({ url: '/api/v1/report/', method: 'DELETE', params: { q: encodeRison(ids) } }),
      responseSchema: okMessageSchema,
    }),
    reportLog: build.query<LogListResponse, { id: number; page: number; pageSize: number }>({
      query: ({ id, page, pageSize }) => ({
        url: `/api/v1/report/${id}/log/`,
        params: { q: encodeRison({ page, page_size: pageSize }) },
      }),
      responseSchema: reportLogListResponseSchema,
    }),
    /** `related/owners` serves the owner picker, and `created_by` the list's filter. */
    reportRelatedUsers: build.query<
      ChartRelatedOwnersResponse,
      OptionsPage & { field: 'owners' | 'created_by' }
    >({
      query: ({ field, search, page, pageSize }) => ({
        url: `/api/v1/report/related/${field}`,
        params: { q: encodeRison({ filter: search, page, page_size: pageSize }) },
      }),
      responseSchema: chartRelatedOwnersResponseSchema,
    }),
    reportChartOptions: build.query<ChartList, OptionsPage>({
      query: ({ search, page, pageSize }) => ({
        url: '/api/v1/chart/',
        params: {
          q: encodeRison({
            columns: ['id', 'slice_name'],
            filters: search === '' ? [] : [{ col: 'slice_name', opr: 'ct', value: search }],
            order_column: 'slice_name',
            order_direction: 'asc',
            page,
            page_size: pageSize,
          }),
        },
      }),
      responseSchema: chartListResponseSchema,
    }),
    reportDashboardOptions: build.query<DashboardList, OptionsPage>({
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
    /** Tab id → title of every tab (the tree is not needed to pick tabs). */
    reportDashboardTabs: build.query<Record<string, string>, number, z.infer<typeof allTabsSchema>>({
      query: (id) => ({ url: `/api/v1/dashboard/${id}/tabs` }),
      rawResponseSchema: allTabsSchema,
      transformResponse: (response) => response.result.all_tabs,
    }),
  }),
});

export const {
  useListReportsQuery,
  useGetReportQuery,
  useCreateReportMutation,
  useUpdateReportMutation,
  useDeleteReportMutation,
  useBulkDeleteReportsMutation,
  useReportLogQuery,
  useLazyReportRelatedUsersQuery,
  useReportRelatedUsersQuery,
  useLazyReportChartOptionsQuery,
  useLazyReportDashboardOptionsQuery,
  useReportDashboardTabsQuery,
} = reportsApi;
