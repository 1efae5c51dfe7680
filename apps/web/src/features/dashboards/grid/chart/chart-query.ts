import type { Action, ThunkAction } from '@reduxjs/toolkit';
import { getChartPlugin, type FormData } from '@tessera/charts';
import { CHART_MESSAGES, type QueryContext } from '@tessera/contracts';
import type { ExploreFormData } from '@tessera/core';
import type { RootState } from '../../../../app/store';
import { failChartQuery, runChartQuery } from '../../../chart-runtime/chart-thunks';
import type { ChartRuntimeExtra } from '../../../chart-runtime/runtime-extra';
import type { DashboardChartEntity } from '../../state/dashboard-chart';
import { extraFiltersOf } from '../../native-filters/chart-filters';

type Thunk<Result> = ThunkAction<Result, RootState, ChartRuntimeExtra, Action>;

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/**
 * The chart's saved form data as the dashboard runs it: tagged with the dashboard and slice ids, and
 * drawn in the dashboard's colour scheme when it has one (so every chart shares it).
 */
export function dashboardFormData(
  chart: DashboardChartEntity,
  dashboardId: number,
  colorScheme: string | null,
  urlParams: Record<string, string> = {},
): ExploreFormData {
  return {
    ...chart.formData,
    slice_id: chart.id,
    dashboardId,
    url_params: urlParams,
    ...(colorScheme !== null && colorScheme !== '' ? { color_scheme: colorScheme } : {}),
  };
}

export function asPluginFormData(formData: ExploreFormData): FormData {
  return {
    ...formData,
    viz_type: text(formData.viz_type, 'table'),
    datasource: text(formData.datasource, ''),
  };
}

/** The plugin's query context for the form data; null for a chart type this build does not know. */
export function dashboardQueryContext(
  formData: ExploreFormData,
  overrides: Partial<QueryContext> = {},
): QueryContext | null {
  const plugin = getChartPlugin(text(formData.viz_type, 'table'));
  if (!plugin) return null;
  const extraFilters = extraFiltersOf(formData);
  return {
    ...plugin.buildQuery(asPluginFormData(formData), extraFilters.length === 0 ? {} : { extraFilters }),
    form_data: formData,
    ...overrides,
  };
}

/**
 * Runs one dashboard chart through the chart runtime (status transitions of spec 001 §4). `early`: the
 * page asks before the chart's holder has mounted; the holder's identical run then takes this answer.
 */
export function runDashboardChart(
  chartId: number,
  formData: ExploreFormData,
  force = false,
  early = false,
): Thunk<Promise<void>> {
  return async (dispatch) => {
    // The chart's drawing code downloads while its query runs, not after the answer arrives.
    getChartPlugin(text(formData.viz_type, 'table'))
      ?.loadChart()
      .catch(() => undefined);
    const context = dashboardQueryContext(formData, { force });
    if (context === null) {
      dispatch(failChartQuery(chartId, formData, CHART_MESSAGES.unsupportedVizType));
      return;
    }
    await dispatch(runChartQuery(chartId, formData, context, early));
  };
}
