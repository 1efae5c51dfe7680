import {
  chartRelatedOwnersResponseSchema,
  dashboardRelatedRolesResponseSchema,
  type ChartRelatedOwnersResponse,
  type DashboardRelatedRolesResponse,
} from '@tessera/contracts';
import { api } from '../../../shared/api/api';
import { encodeRison } from '../../../shared/rison/rison';

/** One page of a picker's candidates (the async select asks with its own page size). */
interface CandidatesPage {
  search: string;
  page: number;
  pageSize: number;
}

/**
 * Candidates for a dashboard's owners (the same answer shape as the chart endpoint's) and, under
 * DASHBOARD_RBAC, its roles: the dashboard API's own related endpoints, which any dashboard editor may
 * read (the security roles list is for admins only).
 */
export const dashboardPropertiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboardPropertiesOwners: build.query<ChartRelatedOwnersResponse, CandidatesPage>({
      query: ({ search, page, pageSize }) => ({
        url: '/api/v1/dashboard/related/owners',
        params: { q: encodeRison({ filter: search, page, page_size: pageSize }) },
      }),
      responseSchema: chartRelatedOwnersResponseSchema,
    }),
    dashboardPropertiesRoles: build.query<DashboardRelatedRolesResponse, CandidatesPage>({
      query: ({ search, page, pageSize }) => ({
        url: '/api/v1/dashboard/related/roles',
        params: { q: encodeRison({ filter: search, page, page_size: pageSize }) },
      }),
      responseSchema: dashboardRelatedRolesResponseSchema,
    }),
  }),
});

export const { useLazyDashboardPropertiesOwnersQuery, useLazyDashboardPropertiesRolesQuery } =
  dashboardPropertiesApi;
