import { z } from 'zod';
import { chartDataResultItemSchema, type QueryContext } from '@tessera/contracts';
import { api } from '../../shared/api/api';

export const chartDataResponseSchema = z.object({ result: z.array(chartDataResultItemSchema) });
export type ChartDataResponse = z.infer<typeof chartDataResponseSchema>;

/**
 * POST /api/v1/chart/data for the chart runtime. A mutation: every run is a new request whose result goes
 * to the chart's entry in the charts slice, not to a cache entry shared by equal requests.
 */
export const chartDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    runChartData: build.mutation<ChartDataResponse, QueryContext>({
      query: (body) => ({ url: '/api/v1/chart/data', method: 'POST', body }),
      responseSchema: chartDataResponseSchema,
    }),
  }),
});
