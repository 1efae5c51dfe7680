import {
  dashboardFilterStateKeyResponseSchema,
  dashboardFilterStateValueResponseSchema,
  dashboardWriteResponseSchema,
  type DashboardFiltersUpdate,
  type DashboardWriteResponse,
} from '@tessera/contracts';
import { z } from 'zod';
import { api } from '../../../shared/api/api';

type KeyResponse = z.infer<typeof dashboardFilterStateKeyResponseSchema>;
type ValueResponse = z.infer<typeof dashboardFilterStateValueResponseSchema>;
/** Items are checked one by one afterwards (parseFilterConfiguration), as when the dashboard loads. */
const filtersSavedSchema = z.object({ result: z.array(z.record(z.string(), z.unknown())) });
type FiltersSaved = z.infer<typeof filtersSavedSchema>;

/** The filter bar's server calls: the filter state behind `native_filters_key`, and saving json_metadata. */
export const nativeFiltersApi = api.injectEndpoints({
  endpoints: (build) => ({
    createFilterState: build.mutation<KeyResponse, { dashboardId: number; value: string }>({
      query: ({ dashboardId, value }) => ({
        url: `/api/v1/dashboard/${String(dashboardId)}/filter_state`,
        method: 'POST',
        body: { value },
      }),
      responseSchema: dashboardFilterStateKeyResponseSchema,
    }),
    updateFilterState: build.mutation<KeyResponse, { dashboardId: number; key: string; value: string }>({
      query: ({ dashboardId, key, value }) => ({
        url: `/api/v1/dashboard/${String(dashboardId)}/filter_state/${encodeURIComponent(key)}`,
        method: 'PUT',
        body: { value },
      }),
      responseSchema: dashboardFilterStateKeyResponseSchema,
    }),
    getFilterState: build.query<ValueResponse, { dashboardId: number; key: string }>({
      query: ({ dashboardId, key }) => ({
        url: `/api/v1/dashboard/${String(dashboardId)}/filter_state/${encodeURIComponent(key)}`,
      }),
      responseSchema: dashboardFilterStateValueResponseSchema,
    }),
    /** PUT /dashboard/{id}/filters (reference §8.1): {modified, deleted, reordered} → the saved configuration. */
    saveDashboardFilters: build.mutation<FiltersSaved, { id: number; body: DashboardFiltersUpdate }>({
      query: ({ id, body }) => ({ url: `/api/v1/dashboard/${String(id)}/filters`, method: 'PUT', body }),
      responseSchema: filtersSavedSchema,
    }),
    /** The whole json_metadata (cross-filter scoping and mappings). */
    saveDashboardMetadata: build.mutation<DashboardWriteResponse, { id: number; jsonMetadata: string }>({
      query: ({ id, jsonMetadata }) => ({
        url: `/api/v1/dashboard/${String(id)}`,
        method: 'PUT',
        body: { json_metadata: jsonMetadata },
      }),
      responseSchema: dashboardWriteResponseSchema,
    }),
  }),
});
