import type { Action, ThunkAction } from '@reduxjs/toolkit';
import type { QueryContext } from '@tessera/contracts';
import { isRecord, type ExploreFormData } from '@tessera/core';
import type { RootState } from '../../app/store';
import { toApiError } from '../../shared/errors/to-api-error';
import { chartDataApi } from './chart-data-api';
import type { ChartRuntimeExtra } from './runtime-extra';
import { runAnnotationQueries } from './annotation-thunks';
import {
  chartUpdateFailed,
  chartUpdateStarted,
  chartUpdateStopped,
  chartUpdateSucceeded,
} from './chart-status.slice';
import './chart-store';

type ChartThunk<Result = void> = ThunkAction<Result, RootState, ChartRuntimeExtra, Action>;

function isAbort(error: unknown): boolean {
  return isRecord(error) && error.name === 'AbortError';
}

/**
 * Runs one chart's query and records the status transitions of spec 001 §4: loading, then success or
 * failed. A newer run for the same chart aborts the older one silently; an identical run while the first
 * is in flight joins it. `formData` is what the chart shows once this result is drawn. An `early` run
 * (before the chart is on screen) is joined by the chart's identical run even after it ended.
 */
export function runChartQuery(
  chartId: number,
  formData: ExploreFormData,
  context: QueryContext,
  early = false,
): ChartThunk<Promise<void>> {
  return async (dispatch, _getState, { chartRequests }) => {
    const { outcome } = chartRequests.run(
      chartId,
      JSON.stringify(context),
      () => {
        const request = dispatch(chartDataApi.endpoints.runChartData.initiate(context));
        return {
          abort: () => {
            request.abort();
          },
          result: request,
        };
      },
      () => dispatch(chartUpdateStarted({ chartId, at: Date.now(), formData })),
      early,
    );
    const settled = await outcome;
    if (settled.kind === 'superseded') return;
    const result = settled.result;
    if ('data' in result && result.data !== undefined) {
      dispatch(chartUpdateSucceeded({ chartId, at: Date.now(), queriesResponse: result.data.result }));
      // As Superset does: the layers are queried once the chart's own data is in.
      void dispatch(runAnnotationQueries(chartId, formData, context));
      return;
    }
    if ('error' in result && isAbort(result.error)) return;
    const apiError = toApiError('error' in result ? result.error : undefined);
    dispatch(
      chartUpdateFailed({
        chartId,
        at: Date.now(),
        message: apiError?.error ?? null,
        stackTrace: apiError?.stacktrace ?? null,
        errors: apiError?.errors ?? null,
        link: apiError?.link ?? null,
      }),
    );
  };
}

/** A chart that cannot even be asked for (unknown viz type): loading, then failed with `message`. */
export function failChartQuery(chartId: number, formData: ExploreFormData, message: string): ChartThunk {
  return (dispatch) => {
    dispatch(chartUpdateStarted({ chartId, at: Date.now(), formData }));
    dispatch(chartUpdateFailed({ chartId, at: Date.now(), message }));
  };
}

/** Stop: aborts the chart's running request and records 'Updating chart was stopped'. */
export function stopChartQuery(chartId: number): ChartThunk {
  return (dispatch, _getState, { chartRequests }) => {
    if (chartRequests.stop(chartId)) dispatch(chartUpdateStopped({ chartId, at: Date.now() }));
  };
}
