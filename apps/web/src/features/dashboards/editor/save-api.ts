import {
  dashboardShowResponseSchema,
  dashboardWriteResponseSchema,
  type DashboardUpdate,
  type DashboardWriteResponse,
} from '@tessera/contracts';
import type { z } from 'zod';
import { api } from '../../../shared/api/api';

/** The editor's save calls: the server copy for the overwrite check, and the PUT itself. */
export const dashboardSaveApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboardSaveServerCopy: build.query<z.infer<typeof dashboardShowResponseSchema>, number>({
      query: (id) => ({ url: `/api/v1/dashboard/${String(id)}` }),
      responseSchema: dashboardShowResponseSchema,
    }),
    saveDashboard: build.mutation<DashboardWriteResponse, { id: number; body: DashboardUpdate }>({
      query: ({ id, body }) => ({ url: `/api/v1/dashboard/${String(id)}`, method: 'PUT', body }),
      responseSchema: dashboardWriteResponseSchema,
    }),
  }),
});
