import type { Action, ThunkAction } from '@reduxjs/toolkit';
import { getChartPlugin, type FormData } from '@tessera/charts';
import { CHART_MESSAGES, LOG_ACTIONS, type ChartDataResultType, type QueryContext } from '@tessera/contracts';
import { hasValidationErrors, type ExploreFormData } from '@tessera/core';
import type { RootState } from '../../../app/store';
import { failChartQuery, runChartQuery, stopChartQuery } from '../../chart-runtime/chart-thunks';
import type { ChartRuntimeExtra } from '../../chart-runtime/runtime-extra';
import { selectValidationErrors } from '../state';
import { selectChart, selectExplore } from '../store/explore-store';
import { logTimingEvent } from '../../../shared/logging/logger';

type AppThunk<Result = void> = ThunkAction<Result, RootState, ChartRuntimeExtra, Action>;

export { UNSAVED_CHART_ID } from '../chart-ids';

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
 * "Update chart": validates, builds the query context with the plugin and hands it to the chart runtime,
 * which posts it and records the status transitions of spec 001 §4.
 */
export function runChart(chartId: number, force = false): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const explore = selectExplore(getState());
    if (hasValidationErrors(selectValidationErrors(explore))) return;
    const formData = explore.form_data;
    const context = buildQueryContext(formData, { force: force || explore.force });
    if (context === null) {
      dispatch(failChartQuery(chartId, formData, CHART_MESSAGES.unsupportedVizType));
      return;
    }
    const sliceId = explore.slice?.slice_id ?? null;
    const startedAt = Date.now();
    await dispatch(runChartQuery(chartId, formData, context));
    const ended = selectChart(getState(), chartId);
    logTimingEvent({
      source: 'explore',
      sourceId: sliceId,
      eventName: LOG_ACTIONS.exploreRunChart,
      duration: Date.now() - startedAt,
      fields: {
        slice_id: sliceId,
        viz_type: formData.viz_type,
        status: ended.chartStatus,
        force_refresh: force || explore.force,
        row_count: ended.queriesResponse?.[0]?.rowcount ?? null,
      },
    });
  };
}

/** Stop: aborts the running request and records "Updating chart was stopped". */
export function stopChart(chartId: number): AppThunk {
  return (dispatch) => {
    dispatch(stopChartQuery(chartId));
  };
}
