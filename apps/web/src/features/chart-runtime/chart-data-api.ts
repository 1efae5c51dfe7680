import { z } from 'zod';
import { asyncJobMetadataSchema, chartDataResultItemSchema, type QueryContext } from '@tessera/contracts';
import { api, UNEXPECTED_RESPONSE_MESSAGE } from '../../shared/api/api';
import type { ApiError } from '../../shared/api/api-request';
import { AsyncJobError, apiErrorOfJob } from '../async-events/async-job-error';
import { chartDataUrl } from './domain-sharding';
import { isRecord } from '@tessera/core';
import { AsyncEventsHolder } from '../async-events/async-events-holder';

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

const unexpected = (issues: z.ZodError): ApiError => ({
  error: UNEXPECTED_RESPONSE_MESSAGE,
  message: issues.issues
    .slice(0, 3)
    .map((issue) => issue.message)
    .join('; '),
});

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * POST /api/v1/chart/data for the chart runtime. A mutation: every run is a new request whose result goes
 * to the chart's entry in the charts slice, not to a cache entry shared by equal requests.
 * Under global async queries the answer may be a job (202, reference §5.4): the page's async-event
 * client waits for its event, and the result is read from its result_url; a job error is the
 * request's error, so the chart shows its failed state.
 */
export const chartDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    runChartData: build.mutation<ChartDataResponse, QueryContext>({
      queryFn: async (body, queryApi, _extraOptions, baseQuery) => {
        const first = await baseQuery({
          url: chartDataUrl(pickHost(), window.location.protocol),
          method: 'POST',
          body,
        });
        if (first.error) return { error: first.error };
        const job = asyncJobMetadataSchema.safeParse(first.data);
        if (!job.success) {
          const data = chartDataResponseSchema.safeParse(first.data);
          return data.success ? { data: data.data } : { error: unexpected(data.error) };
        }
        let resultUrl: string;
        try {
          // The store's thunk extra (app/store.ts) holds the page's client.
          const holder: unknown = isRecord(queryApi.extra) ? queryApi.extra.asyncEvents : null;
          if (!(holder instanceof AsyncEventsHolder))
            return { error: { error: 'Async queries are not set up' } };
          const client = holder.get(queryApi.getState());
          resultUrl = await client.waitForJob(job.data.job_id, queryApi.signal);
        } catch (error) {
          if (error instanceof AsyncJobError) return { error: apiErrorOfJob(error) };
          // RTK reports the abort itself (runChartQuery ignores it); this value is never shown.
          if (isAbort(error)) return { error: { error: 'Aborted' } };
          throw error;
        }
        const result = await baseQuery({ url: resultUrl });
        if (result.error) return { error: result.error };
        const data = chartDataResponseSchema.safeParse(result.data);
        return data.success ? { data: data.data } : { error: unexpected(data.error) };
      },
    }),
  }),
});
