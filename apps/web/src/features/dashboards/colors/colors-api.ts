import { dashboardColorsResponseSchema, type DashboardColors } from '@tessera/contracts';
import type { z } from 'zod';
import { api } from '../../../shared/api/api';

/** PUT /api/v1/dashboard/{id}/colors; `markUpdated: false` leaves changed_on (and the overwrite check) alone. */
export const dashboardColorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveDashboardColors: build.mutation<
      z.infer<typeof dashboardColorsResponseSchema>,
      { id: number; colors: DashboardColors; markUpdated: boolean }
    >({
      query: ({ id, colors, markUpdated }) => ({
        url: `/api/v1/dashboard/${String(id)}/colors${markUpdated ? '' : '?mark_updated=false'}`,
        method: 'PUT',
        body: colors,
      }),
      responseSchema: dashboardColorsResponseSchema,
    }),
  }),
});
