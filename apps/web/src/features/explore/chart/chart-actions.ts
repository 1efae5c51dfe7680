import type { Action, ThunkAction } from '@reduxjs/toolkit';
import { getChartPlugin, type FormData } from '@tessera/charts';
import type { ChartDataResultType, QueryContext } from '@tessera/contracts';
import { hasValidationErrors, isRecord, type ExploreFormData } from '@tessera/core';
import type { RootState } from '../../../app/store';
import { toApiError } from '../../../shared/errors/to-api-error';
import { exploreApi } from '../api/explore-api';
import {
  chartUpdateFailed,
  chartUpdateStarted,
  chartUpdateStopped,
  chartUpdateSucceeded,
  selectValidationErrors,
} from '../state';
import { selectExplore } from '../store/explore-store';

type AppThunk<Result = void> = ThunkAction<Result, RootState, unknown, Action>;

/** The chart id Explore uses before the chart is saved. */
export const UNSAVED_CHART_ID = 0;

/** Running chart-data requests by chart id, so Stop can abort them (AbortControllers stay out of the store). */
const running = new Map<number, { abort: () => void; stopped: boolean }>();

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/** Form data as plugins type it (viz_type and datasource as strings). */
export function asFormData(formData: ExploreFormData): FormData {
  return {
    ...formData,
    viz_type: text(formData.viz_type, 'table'),
    datasource: text(formData.datasource, ''),
  };
}

/** The query context the plugin builds for the current form, with the Explore-wide force flag. */
export function buildQueryContext(
  formData: ExploreFormData,
  overrides: Partial<QueryContext> = {},
): QueryContext | null {
  const plugin = getChartPlugin(text(formData.viz_type, 'table'));
  if (!plugin) return null;
  const context = plugin.buildQuery(asFormData(formData));
  return { ...context, form_data: formData, ...overrides };
}

/** Query contexts for the data pane and View query: the same queries, another result type. */
export function queryContextFor(
  formData: ExploreFormData,
  resultType: ChartDataResultType,
): QueryContext | null {
  return buildQueryContext(formData, { result_type: resultType, result_format: 'json' });
}

/**
 * "Update chart": validates, builds the query context with the plugin, posts it and records the
 * status transitions of spec 001 §4. A newer run aborts the older one silently.
 */
export function runChart(chartId: number, force = false): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const explore = selectExplore(getState());
    if (hasValidationErrors(selectValidationErrors(explore))) return;
    const formData = explore.form_data;
    const context = buildQueryContext(formData, { force: force || explore.force });
    if (context === null) {
      dispatch(chartUpdateStarted({ chartId, at: Date.now(), formData }));
      dispatch(
        chartUpdateFailed({
          chartId,
          at: Date.now(),
          message: `Unknown chart type: ${text(formData.viz_type, '')}`,
        }),
      );
      return;
    }
    running.get(chartId)?.abort();
    const request = dispatch(exploreApi.endpoints.postChartData.initiate(context));
    const entry = {
      abort: () => {
        request.abort();
      },
      stopped: false,
    };
    running.set(chartId, entry);
    dispatch(chartUpdateStarted({ chartId, at: Date.now(), formData }));
    const result = await request;
    if (running.get(chartId) !== entry) return;
    running.delete(chartId);
    if (entry.stopped) return;
    if ('data' in result && result.data !== undefined) {
      dispatch(chartUpdateSucceeded({ chartId, at: Date.now(), queriesResponse: result.data.result }));
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
      }),
    );
  };
}

function isAbort(error: unknown): boolean {
  return isRecord(error) && error.name === 'AbortError';
}

/** Stop: aborts the running request and records "Updating chart was stopped". */
export function stopChart(chartId: number): AppThunk {
  return (dispatch) => {
    const entry = running.get(chartId);
    if (entry === undefined) return;
    entry.stopped = true;
    entry.abort();
    running.delete(chartId);
    dispatch(chartUpdateStopped({ chartId, at: Date.now() }));
  };
}
