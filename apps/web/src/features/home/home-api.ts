import { recentActivityResponseSchema, type RecentActivityItem } from '@tessera/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api/api';
import { encodeRison } from '../../shared/rison/rison';

type RecentActivityResponse = z.infer<typeof recentActivityResponseSchema>;
export type { RecentActivityItem };

/** GET /api/v1/log/recent_activity/: the caller's recently opened dashboards and charts. */
export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    recentActivity: build.query<RecentActivityResponse, { page_size: number }>({
      query: (query) => ({ url: '/api/v1/log/recent_activity/', params: { q: encodeRison(query) } }),
      responseSchema: recentActivityResponseSchema,
    }),
  }),
});

export const { useRecentActivityQuery } = homeApi;
