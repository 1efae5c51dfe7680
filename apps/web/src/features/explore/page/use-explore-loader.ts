import { useEffect, useState } from 'react';
import { exploreDatasourceSchema, type ExploreDatasource } from '@tessera/contracts';
import { hasValidationErrors, type ExploreFormData } from '@tessera/core';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../app/hooks';
import type { ApiError } from '../../../shared/api/api-request';
import { toApiError } from '../../../shared/errors/to-api-error';
import { exploreApi } from '../api/explore-api';
import { runChart, UNSAVED_CHART_ID } from '../chart/chart-actions';
import { explorePermissions } from '../permissions';
import { selectValidationErrors, type ExploreSlice } from '../state';
import { exploreActions, selectExplore } from '../store/explore-store';
import type { ExploreUrlState } from '../url-params';

export type LoadState =
  { status: 'loading' } | { status: 'ready' } | { status: 'failed'; error: ApiError | string };

interface Loaded {
  datasource: ExploreDatasource;
  formData: ExploreFormData;
  slice: ExploreSlice | null;
}

function confNumber(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}

/**
 * Loads what the URL names (saved chart, dataset, form-data key or permalink) through GET /api/v1/explore/,
 * initialises the explore slice with the user's permissions, reads the star and runs a valid chart. A URL
 * that names the chart already loaded (after "Save as" moves to ?slice_id=) does not reload it.
 */
export function useExploreLoader(url: ExploreUrlState): LoadState {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const session = useAppSelector((state) => state.session);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const urlKey = JSON.stringify(url);

  useEffect(() => {
    const current = selectExplore(store.getState());
    if (current.initialized && url.sliceId !== null && current.slice?.slice_id === url.sliceId) {
      setState({ status: 'ready' });
      return undefined;
    }
    const run = { cancelled: false };
    // A function, so the check after each await is not narrowed away by the one before it.
    const cancelled = () => run.cancelled;
    setState({ status: 'loading' });
    void (async () => {
      const loaded = await load(url, dispatch);
      if (cancelled()) return;
      if ('error' in loaded) {
        setState({ status: 'failed', error: loaded.error });
        return;
      }
      // The slice fills the x-axis from the dataset, as it does on a viz or dataset switch.
      const formData = url.vizType !== null ? { ...loaded.formData, viz_type: url.vizType } : loaded.formData;
      const permissions = explorePermissions(session.user, loaded.slice?.owners ?? null);
      dispatch(
        exploreActions.exploreInitialized({
          datasource: loaded.datasource,
          formData,
          slice: loaded.slice,
          ...permissions,
          force: url.force,
          standalone: url.standalone,
          sqlMaxRow: confNumber(session.common?.conf.SQL_MAX_ROW),
          defaultTimeFilter:
            typeof session.common?.conf.DEFAULT_TIME_FILTER === 'string'
              ? session.common.conf.DEFAULT_TIME_FILTER
              : undefined,
        }),
      );
      setState({ status: 'ready' });
      if (loaded.slice !== null) {
        const favorite = await dispatch(
          exploreApi.endpoints.getChartFavoriteStatus.initiate(loaded.slice.slice_id, { forceRefetch: true }),
        );
        if (!cancelled() && favorite.data)
          dispatch(exploreActions.starChanged(favorite.data.result[0]?.value === true));
      }
      // A saved chart or a shared link opens with its chart drawn; a fresh dataset waits for the user.
      const ready = !hasValidationErrors(selectValidationErrors(selectExplore(store.getState())));
      const chartId = loaded.slice?.slice_id ?? UNSAVED_CHART_ID;
      if (
        !cancelled() &&
        ready &&
        (loaded.slice !== null || url.permalinkKey !== null || url.formDataKey !== null)
      ) {
        void dispatch(runChart(chartId, url.force));
      }
    })();
    return () => {
      run.cancelled = true;
    };
    // urlKey stands for every field of url.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlKey, dispatch, store, session.user, session.common]);

  return state;
}

type AppDispatchLike = ReturnType<typeof useAppDispatch>;

async function load(
  url: ExploreUrlState,
  dispatch: AppDispatchLike,
): Promise<Loaded | { error: ApiError | string }> {
  const noTarget =
    url.sliceId === null &&
    url.datasourceId === null &&
    url.formDataKey === null &&
    url.permalinkKey === null;
  if (noTarget)
    return {
      error: 'Choose a dataset to explore: open one from the Datasets list, or a chart from the Charts list.',
    };
  const explore = await dispatch(
    exploreApi.endpoints.getExploreState.initiate(
      {
        ...(url.sliceId !== null ? { slice_id: url.sliceId } : {}),
        ...(url.datasourceId !== null
          ? { datasource_id: url.datasourceId, datasource_type: url.datasourceType }
          : {}),
        ...(url.formDataKey !== null ? { form_data_key: url.formDataKey } : {}),
        ...(url.permalinkKey !== null ? { permalink_key: url.permalinkKey } : {}),
      },
      { forceRefetch: true },
    ),
  );
  if (explore.data) {
    const dataset = exploreDatasourceSchema.safeParse(explore.data.result.dataset);
    if (!dataset.success) return { error: 'The dataset of this chart could not be read' };
    const slice = explore.data.result.slice;
    return {
      datasource: dataset.data,
      formData: { ...explore.data.result.form_data, datasource: dataset.data.uid },
      slice:
        slice === null
          ? null
          : {
              slice_id: slice.slice_id,
              slice_name: slice.slice_name,
              owners: slice.owners,
              description_markdown: slice.description_markdown,
              created_by: slice.created_by,
            },
    };
  }
  // Without the explore endpoint a dataset can still be opened from its metadata alone.
  if (url.datasourceId !== null) {
    const key = `${String(url.datasourceId)}__${url.datasourceType}`;
    const metadata = await dispatch(
      exploreApi.endpoints.getDatasourceMetadata.initiate(key, { forceRefetch: true }),
    );
    if (metadata.data)
      return { datasource: metadata.data, formData: { datasource: metadata.data.uid }, slice: null };
  }
  return { error: toApiError(explore.error) ?? 'Could not load this chart' };
}
