import type { Action, ThunkAction } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/store';
import { toastAdded } from '../../../shared/toasts/toasts-slice';
import { parseJsonMetadata } from '../state/dashboard-info';
import { dashboardInfoPatched } from '../state/dashboard-info.slice';
import { layoutSaved } from '../state/dashboard-layout.slice';
import { dashboardStateActions } from '../state/dashboard-state.slice';
import { selectDashboardInfo, selectDashboardState, selectLayout } from '../state/dashboard-store';
import {
  buildSaveBody,
  needsOverwriteConfirmation,
  OVERWRITE_CONFIRM,
  SAVE_SUCCESS,
  saveFailureMessage,
} from './dashboard-save';
import type { DashboardProperties } from './properties-form';
import { dashboardSaveApi } from './save-api';
import { labelColorMetadata } from '../colors/label-colors';

type Thunk<Result> = ThunkAction<Result, RootState, unknown, Action>;

export type SaveOutcome =
  { status: 'saved'; slug: string | null; id: number } | { status: 'confirm' } | { status: 'failed' };

async function serverCopy(dispatch: Parameters<Thunk<void>>[0], id: number) {
  const request = dispatch(
    dashboardSaveApi.endpoints.dashboardSaveServerCopy.initiate(id, { forceRefetch: true }),
  );
  const answer = await request;
  request.unsubscribe();
  return answer.data?.result;
}

async function serverChangedOn(dispatch: Parameters<Thunk<void>>[0], id: number): Promise<string | null> {
  const result = await serverCopy(dispatch, id);
  return result?.changed_on_utc ?? result?.changed_on ?? null;
}

/**
 * Saves the layout, metadata, CSS and applied properties (spec 001 §4 'Dashboard', §5 'Dashboard save').
 * Unless `overwrite`, first compares the server's changed_on with the loaded one: a newer server copy
 * asks for confirmation instead of saving. `labelColors` is the page's shared label → colour map, saved
 * with the dashboard so every chart keeps its colours after a reload.
 */
export function saveDashboard(
  properties: DashboardProperties | null,
  overwrite: boolean,
  labelColors: Record<string, string> | null = null,
): Thunk<Promise<SaveOutcome>> {
  return async (dispatch, getState) => {
    const info = selectDashboardInfo(getState());
    if (info === null) return { status: 'failed' };
    const state = selectDashboardState(getState());
    dispatch(dashboardStateActions.savingStarted());

    if (!overwrite) {
      const server = await serverChangedOn(dispatch, info.id);
      if (server !== null && info.changedOn !== null && needsOverwriteConfirmation(info.changedOn, server)) {
        dispatch(dashboardStateActions.savingFinished());
        dispatch(
          dashboardStateActions.overwriteConfirmationPending({
            serverChangedOn: server,
            message: OVERWRITE_CONFIRM,
          }),
        );
        return { status: 'confirm' };
      }
    }

    const colorKeys = labelColors === null ? {} : labelColorMetadata(labelColors);
    const metadata = {
      ...info.metadata,
      expanded_slices: state.expandedSlices,
      ...(state.colorScheme === null ? {} : { color_scheme: state.colorScheme }),
      ...colorKeys,
      ...(state.shouldPersistRefreshFrequency ? { refresh_frequency: state.refreshFrequency } : {}),
    };
    // Properties carry a whole json_metadata of their own: the colour map goes into it as well.
    const applied =
      properties === null
        ? null
        : { ...properties, json_metadata: { ...properties.json_metadata, ...colorKeys } };
    const built = buildSaveBody({
      layout: selectLayout(getState()),
      metadata,
      css: state.css,
      properties: applied,
    });
    if ('error' in built) {
      dispatch(dashboardStateActions.savingFinished());
      dispatch(toastAdded('danger', built.error));
      return { status: 'failed' };
    }
    const saved = await dispatch(
      dashboardSaveApi.endpoints.saveDashboard.initiate({ id: info.id, body: built.body }),
    );
    if (saved.error !== undefined) {
      dispatch(dashboardStateActions.savingFinished());
      dispatch(dashboardStateActions.overwriteConfirmationPending(null));
      dispatch(toastAdded('danger', saveFailureMessage(saved.error)));
      return { status: 'failed' };
    }
    const result = saved.data.result;
    // The server's copy after the save: its changed_on, and the tags with the ids new names got.
    const after = await serverCopy(dispatch, info.id);
    const changedOn = after?.changed_on_utc ?? after?.changed_on ?? new Date().toISOString();
    dispatch(
      dashboardInfoPatched({
        title: result.dashboard_title,
        slug: result.slug,
        css: result.css ?? '',
        positionJson: result.position_json,
        metadata: parseJsonMetadata(result.json_metadata),
        changedOn,
        tags: after?.tags ?? info.tags,
        ...(properties === null
          ? {}
          : { certifiedBy: properties.certified_by, certificationDetails: properties.certification_details }),
      }),
    );
    dispatch(layoutSaved());
    dispatch(dashboardStateActions.saveCompleted({ lastModifiedTime: Date.parse(changedOn) }));
    dispatch(toastAdded('success', SAVE_SUCCESS));
    return { status: 'saved', slug: result.slug, id: info.id };
  };
}
