import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../app/hooks';
import { prefetchCsrfToken } from '../../../shared/api/base-query';
import { toApiError } from '../../../shared/errors/to-api-error';
import type { ApiError } from '../../../shared/api/api-request';
import { dashboardApi } from '../api/dashboard-api';
import { toDashboardInfo } from '../state/dashboard-info';
import { dashboardInfoLoaded } from '../state/dashboard-info.slice';
import { layoutLoaded } from '../state/dashboard-layout.slice';
import { dashboardStateActions } from '../state/dashboard-state.slice';
import {
  loadDashboardCharts,
  preloadDashboardChartCode,
  runFirstScreenCharts,
  withUnplacedCharts,
} from './load-dashboard';
import { layoutChartIds, parseLayout } from './parse-layout';
import { parseIdOrSlug, urlParams } from './url-params';
import { nativeFiltersActions, parseFilterConfiguration } from '../native-filters/native-filters.slice';
import {
  dataMaskFromRouterState,
  NATIVE_FILTERS_KEY_PARAM,
  preselectedMasks,
} from '../native-filters/url-state';

export type DashboardLoad =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'forbidden' }
  | { status: 'failed'; error: ApiError | null; retry: () => void }
  | { status: 'ready'; dashboardId: number };

/**
 * Finds the dashboard by id or slug, then puts it, its layout (with the dashboard's charts it does not
 * place appended) and its state into the store and loads the charts the layout places (and their datasets).
 */
export function useDashboardLoader(param: string, editFlag: boolean, reportMode: boolean): DashboardLoad {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  // Every chart asks for its data with a POST, which needs the CSRF token: fetch it alongside the
  // dashboard instead of after the charts have mounted.
  useEffect(() => {
    prefetchCsrfToken(store.getState());
  }, [store]);
  const user = useAppSelector((state) => state.session.user);
  const location = useLocation();
  const key = parseIdOrSlug(param);
  const bySlug = dashboardApi.useFindDashboardBySlugQuery('slug' in key ? key.slug : skipToken);
  const slugId = bySlug.data?.result[0]?.id;
  const id = 'id' in key ? key.id : slugId;
  const show = dashboardApi.useGetDashboardQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  const [openedId, setOpenedId] = useState<number | null>(null);
  // The charts list needs only the id: ask for it (fresh) alongside the dashboard instead of after it;
  // withUnplacedCharts and loadDashboardCharts pick up the same request.
  const prefetchCharts = dashboardApi.usePrefetch('getDashboardCharts', { force: true });
  useEffect(() => {
    if (id !== undefined) prefetchCharts(id);
  }, [id, prefetchCharts]);

  const dashboard = show.data?.result;
  useEffect(() => {
    if (dashboard === undefined || show.isFetching) return;
    const dashboardId = show.data?.id;
    if (dashboardId === undefined) return;
    const info = toDashboardInfo({ ...dashboard, id: dashboardId }, user);
    const askedSince = show.startedTimeStamp ?? 0;
    let cancelled = false;
    const open = async (): Promise<void> => {
      const layout = await dispatch(
        withUnplacedCharts(dashboardId, parseLayout(info.positionJson, info.title), askedSince),
      );
      if (cancelled) return;
      const chartIds = layoutChartIds(layout);
      dispatch(dashboardInfoLoaded(info));
      dispatch(layoutLoaded(layout));
      dispatch(
        dashboardStateActions.dashboardOpened({
          dashboardId,
          sliceIds: chartIds,
          css: info.css,
          isPublished: info.published,
          colorScheme: info.metadata.color_scheme ?? null,
          expandedSlices: info.metadata.expanded_slices ?? {},
          refreshFrequency: info.metadata.refresh_frequency ?? 0,
          lastModifiedTime: info.changedOn === null ? null : Date.parse(info.changedOn),
          editMode: editFlag && info.canEdit,
          loadAllCharts: reportMode,
        }),
      );
      // Masks from a permalink (router state) and the rison `native_filters` preselect apply at once, the
      // preselect winning for the filters it names (it was written on this very URL, as on a permalink's);
      // a native_filters_key is read by useFilterUrlState, and the charts wait for it.
      const configuration = parseFilterConfiguration(info.metadata.native_filter_configuration);
      const permalinkMasks = dataMaskFromRouterState(location.state);
      const preselected = preselectedMasks(location.search, configuration);
      const givenMasks =
        permalinkMasks === null && preselected === null ? null : { ...permalinkMasks, ...preselected };
      const filterKey = new URLSearchParams(location.search).get(NATIVE_FILTERS_KEY_PARAM);
      dispatch(
        nativeFiltersActions.filtersOpened({
          configuration,
          crossFiltersEnabled: info.metadata.cross_filters_enabled ?? true,
          masks: givenMasks ?? {},
          masksReady: givenMasks !== null || filterKey === null,
        }),
      );
      // Before the page renders the grid (React renders after this synchronous code): a permalink's or
      // an anchor's tabs, edit mode and report mode (every chart at once) keep to the holders.
      const routerState: unknown = location.state;
      const tabsGiven =
        (typeof routerState === 'object' && routerState !== null && 'activeTabs' in routerState) ||
        location.hash !== '';
      dispatch(preloadDashboardChartCode(dashboardId));
      if (!tabsGiven && !editFlag && !reportMode)
        dispatch(
          runFirstScreenCharts(
            dashboardId,
            layout,
            urlParams(location.search, 'reserved'),
            window.innerHeight,
          ),
        );
      setOpenedId(dashboardId);
      void dispatch(loadDashboardCharts(dashboardId, chartIds));
    };
    void open();
    return () => {
      cancelled = true;
    };
    // Opening happens once per loaded answer; the URL flags are read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dashboard, show.isFetching]);

  if ('slug' in key && bySlug.isSuccess && slugId === undefined) return { status: 'not-found' };
  const error = toApiError(show.error ?? bySlug.error);
  if (error !== null) {
    if (error.status === 404) return { status: 'not-found' };
    if (error.status === 403) return { status: 'forbidden' };
    return {
      status: 'failed',
      error,
      retry: () => {
        if (bySlug.isError) void bySlug.refetch();
        else void show.refetch();
      },
    };
  }
  if (openedId === null || show.isFetching || openedId !== show.data?.id) return { status: 'loading' };
  return { status: 'ready', dashboardId: openedId };
}
