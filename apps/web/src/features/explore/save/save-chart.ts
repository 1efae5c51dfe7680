import type { Action, ThunkAction } from '@reduxjs/toolkit';
import { LOG_ACTIONS, type ChartCreate } from '@tessera/contracts';
import type { RootState } from '../../../app/store';
import { toApiError } from '../../../shared/errors/to-api-error';
import { toastAdded } from '../../../shared/toasts/toasts-slice';
import { logUserEvent } from '../../../shared/logging/logger';
import { exploreApi } from '../api/explore-api';
import { buildQueryContext, UNSAVED_CHART_ID } from '../chart/chart-actions';
import { chartIdUpdated } from '../../chart-runtime';
import { exploreActions, selectExplore } from '../store/explore-store';
import { saveFailureMessage, saveSuccessMessages, type DashboardChoice } from './save-messages';

type AppThunk<Result = void> = ThunkAction<Result, RootState, unknown, Action>;

export interface SaveChartRequest {
  action: 'overwrite' | 'saveas';
  sliceName: string;
  dashboard: DashboardChoice;
}

/**
 * Saves the chart (POST for "Save as", PUT for "Save"), creating the dashboard first when the user
 * named a new one. Resolves with the chart id, or null after recording the failure in the dialog.
 */
export function saveChart(request: SaveChartRequest): AppThunk<Promise<number | null>> {
  return async (dispatch, getState) => {
    const explore = selectExplore(getState());
    const datasource = explore.datasource;
    if (datasource === null) return null;
    const fail = (error: unknown) => {
      dispatch(exploreActions.chartSaveFailed(saveFailureMessage(toApiError(error))));
      return null;
    };

    let dashboardId: number | null = null;
    if (request.dashboard.kind === 'new') {
      const created = await dispatch(
        exploreApi.endpoints.createDashboard.initiate({ dashboard_title: request.dashboard.title }),
      );
      if ('error' in created) return fail(created.error);
      dashboardId = created.data.id;
    } else if (request.dashboard.kind === 'existing') {
      dashboardId = request.dashboard.id;
    }

    const sliceId = explore.slice?.slice_id ?? null;
    const overwrite = request.action === 'overwrite' && sliceId !== null;
    let dashboards: number[] = dashboardId === null ? [] : [dashboardId];
    if (overwrite) {
      // PUT replaces the chart's dashboards: keep the ones it is already on.
      const existing = await dispatch(
        exploreApi.endpoints.getChartDashboards.initiate(sliceId, { forceRefetch: true }),
      );
      if (existing.data) dashboards = [...new Set([...existing.data, ...dashboards])];
    }

    // A new chart must not carry the id of the chart it was saved from.
    const params = overwrite
      ? { ...explore.form_data, slice_id: sliceId }
      : Object.fromEntries(Object.entries(explore.form_data).filter(([key]) => key !== 'slice_id'));
    const queryContext = buildQueryContext(params);
    const body: ChartCreate = {
      slice_name: request.sliceName,
      viz_type: String(params.viz_type),
      datasource_id: datasource.id,
      datasource_type: datasource.type,
      params: JSON.stringify(params),
      query_context: queryContext === null ? null : JSON.stringify(queryContext),
      dashboards,
    };
    const saved = overwrite
      ? await dispatch(exploreApi.endpoints.updateChart.initiate({ id: sliceId, body }))
      : await dispatch(exploreApi.endpoints.createChart.initiate({ ...body, owners: [] }));
    if ('error' in saved) return fail(saved.error);

    const id = saved.data.id;
    dispatch(
      exploreActions.chartSaved({
        slice: { slice_id: id, slice_name: request.sliceName, owners: saved.data.result.owners },
        saveAction: overwrite ? 'overwrite' : 'saveas',
      }),
    );
    if (!overwrite) dispatch(chartIdUpdated({ from: sliceId ?? UNSAVED_CHART_ID, to: id }));
    logUserEvent({
      source: 'explore',
      sourceId: id,
      eventName: LOG_ACTIONS.exploreSaveChart,
      fields: {
        slice_id: id,
        target_name: request.sliceName,
        save_action: overwrite ? 'overwrite' : 'saveas',
        dashboard_id: dashboardId,
      },
    });
    for (const message of saveSuccessMessages(
      overwrite ? 'overwrite' : 'saveas',
      request.sliceName,
      request.dashboard,
    )) {
      dispatch(toastAdded('success', message));
    }
    return id;
  };
}
