import type { ApiError } from '../../shared/api/api-request';
import type { ChartState } from './chart-status.slice';

/**
 * A failed chart as the error the shared ErrorMessage draws (its SIP-40 type picks the rendering); null
 * unless the chart failed.
 */
export function chartFailure(chart: ChartState): ApiError | null {
  if (chart.chartStatus !== 'failed') return null;
  return {
    error: chart.chartAlert ?? 'An error occurred',
    ...(chart.chartErrors === null ? {} : { errors: chart.chartErrors }),
    ...(chart.chartErrorLink === null ? {} : { link: chart.chartErrorLink }),
    ...(chart.chartStackTrace === null ? {} : { stacktrace: chart.chartStackTrace }),
  };
}
