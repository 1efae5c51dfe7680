import { chartRelatedOwnersResponseSchema, type ChartRelatedOwnersResponse } from '@tessera/contracts';
import { api } from '../../../shared/api/api';
import { encodeRison } from '../../../shared/rison/rison';

/** Candidates for a dashboard's owners (the same answer shape as the chart endpoint's). */
export const dashboardPropertiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboardPropertiesOwners: build.query<ChartRelatedOwnersResponse, string>({
      query: (filter) => ({
        url: '/api/v1/dashboard/related/owners',
        params: { q: encodeRison({ filter, page: 0, page_size: 50 }) },
      }),
      responseSchema: chartRelatedOwnersResponseSchema,
    }),
  }),
});

export const { useDashboardPropertiesOwnersQuery } = dashboardPropertiesApi;
