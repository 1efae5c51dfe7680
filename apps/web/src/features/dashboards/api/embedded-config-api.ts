import { embeddedDashboardResponseSchema, type EmbeddedDashboardWrite } from '@tessera/contracts';
import { z } from 'zod';
import { api } from '../../../shared/api/api';

export type EmbeddedConfigResponse = z.infer<typeof embeddedDashboardResponseSchema>;
const okSchema = z.object({ message: z.string() }).loose();

/** GET/POST/DELETE /dashboard/{id}/embedded: the 'Manage embedded' modal (owners and admins). */
export const embeddedConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardEmbedded: build.query<EmbeddedConfigResponse, number>({
      query: (id) => ({ url: `/api/v1/dashboard/${String(id)}/embedded` }),
      responseSchema: embeddedDashboardResponseSchema,
    }),
    saveDashboardEmbedded: build.mutation<
      EmbeddedConfigResponse,
      { id: number; body: EmbeddedDashboardWrite }
    >({
      query: ({ id, body }) => ({ url: `/api/v1/dashboard/${String(id)}/embedded`, method: 'POST', body }),
      responseSchema: embeddedDashboardResponseSchema,
    }),
    deleteDashboardEmbedded: build.mutation<z.infer<typeof okSchema>, number>({
      query: (id) => ({ url: `/api/v1/dashboard/${String(id)}/embedded`, method: 'DELETE' }),
      responseSchema: okSchema,
    }),
  }),
});
