import { z } from 'zod';
import { chartDataResultItemSchema, type QueryContext } from '@tessera/contracts';
import { api } from '../../shared/api/api';
import { chartDataUrl } from './domain-sharding';

let pickHost: () => string | null = () => null;

/**
 * Installs the host picker the dashboard page builds from SUPERSET_WEBSERVER_DOMAINS; returns the
 * function that puts the same-origin default back when the page closes.
 */
export function setChartDataHostPicker(picker: () => string | null): () => void {
  pickHost = picker;
  return () => {
    if (pickHost === picker) pickHost = () => null;
  };
}

export const chartDataResponseSchema = z.object({ result: z.array(chartDataResultItemSchema) });
export type ChartDataResponse = z.infer<typeof chartDataResponseSchema>;

/**
 * POST /api/v1/chart/data for the chart runtime. A mutation: every run is a new request whose result goes
 * to the chart's entry in the charts slice, not to a cache entry shared by equal requests.
 */
export const chartDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    runChartData: build.mutation<ChartDataResponse, QueryContext>({
      query: (body) => ({ url: chartDataUrl(pickHost(), window.location.protocol), method: 'POST', body }),
      responseSchema: chartDataResponseSchema,
    }),
  }),
});
