import {
  chartRelatedOwnersResponseSchema,
  dashboardRelatedRolesResponseSchema,
  type ChartRelatedOwnersResponse,
  type DashboardRelatedRolesResponse,
} from '@tessera/contracts';
import { api } from '../../../shared/api/api';
import { encodeRison } from '../../../shared/rison/rison';

/** Spec 001 §9: a select's page size. */
const ROLE_PAGE_SIZE = 100;

/**
 * Candidates for a dashboard's owners (the same answer shape as the chart endpoint's) and, under
 * DASHBOARD_RBAC, its roles: the dashboard API's own related endpoints, which any dashboard editor may
 * read (the security roles list is for admins only).
 */
export const dashboardPropertiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboardPropertiesOwners: build.query<ChartRelatedOwnersResponse, string>({
      query: (filter) => ({
        url: '/api/v1/dashboard/related/owners',
        params: { q: encodeRison({ filter, page: 0, page_size: 50 }) },
      }),
      responseSchema: chartRelatedOwnersResponseSchema,
    }),
    dashboardPropertiesRoles: build.query<DashboardRelatedRolesResponse, string>({
      query: (filter) => ({
        url: '/api/v1/dashboard/related/roles',
        params: { q: encodeRison({ filter, page: 0, page_size: ROLE_PAGE_SIZE }) },
      }),
      responseSchema: dashboardRelatedRolesResponseSchema,
    }),
  }),
});

export const { useDashboardPropertiesOwnersQuery, useDashboardPropertiesRolesQuery } = dashboardPropertiesApi;
