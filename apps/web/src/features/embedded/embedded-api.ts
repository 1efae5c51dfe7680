import { embeddedDashboardResponseSchema } from '@tessera/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api/api';

export type EmbeddedResponse = z.infer<typeof embeddedDashboardResponseSchema>;

/** The embedded page's own lookup (guests); owners edit the config in dashboards/header. */
export const embeddedApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The embedded page: which dashboard its uuid stands for, asked with the guest token. */
    getEmbeddedByUuid: build.query<EmbeddedResponse, string>({
      query: (uuid) => ({ url: `/api/v1/embedded_dashboard/${encodeURIComponent(uuid)}` }),
      responseSchema: embeddedDashboardResponseSchema,
    }),
  }),
});
