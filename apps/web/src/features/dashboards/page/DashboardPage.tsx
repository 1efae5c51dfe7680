import { Alert, Button, Flex, Result, theme, Typography } from 'antd';
import { Suspense, useEffect, useMemo } from 'react';
import { FirstScreenGate } from '../grid/chart/first-screen-gate';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { DashboardGrid } from '../grid/DashboardGrid';
import { DashboardViewContext } from '../grid/dashboard-view-context';
import { DashboardHeader } from '../header/DashboardHeader';
import { dashboardPath, DASHBOARD_LIST_PATH } from '../paths';
import { dashboardStateActions } from '../state/dashboard-state.slice';
import { selectDashboardInfo, selectDashboardState, selectLayout } from '../state/dashboard-store';
import { EmptyDashboard, gridIsEmpty } from './EmptyDashboard';
import { DashboardEditor } from './lazy-editor';
import { scopeCss } from './scope-css';
import {
  readEditFlag,
  readFocusedChart,
  readPrintAllTabs,
  readPrintTabs,
  readStandalone,
  readEmbeddedFilterFlags,
  readUiConfig,
  urlParams,
} from './url-params';
import { nativeFiltersActions } from '../native-filters/native-filters.slice';
import { useAutoRefresh } from '../refresh/use-auto-refresh';
import { useDomainSharding } from './use-domain-sharding';
import { useActiveTabsFromUrl } from './use-active-tabs-from-url';
import { useDashboardLogging } from './use-dashboard-logging';
import { FullSizeChart } from '../grid/chart/FullSizeChart';
import { useDashboardLoader } from './use-dashboard-loader';
import { useDashboardLabelColors } from '../colors/use-dashboard-label-colors';
import { useLabelColorSync } from '../colors/use-label-color-sync';
import { NativeFiltersArea } from '../native-filters/NativeFiltersArea';
import { useFilterUrlState } from '../native-filters/use-filter-url-state';
import { useFiltersRefreshing } from '../native-filters/use-filters-refreshing';

/** /superset/dashboard/:idOrSlug/ — spec 001 §2 'Dashboard'. */
export function DashboardPage({ embeddedId }: { embeddedId?: number } = {}) {
  const params = useParams();
  // The embedded page (features/embedded) names its dashboard by id; the route by id or slug.
  const idOrSlug = embeddedId === undefined ? (params.idOrSlug ?? '') : String(embeddedId);
  const embedded = embeddedId !== undefined;
  const { search } = useLocation();
  const standalone = readStandalone(search);
  const load = useDashboardLoader(idOrSlug, readEditFlag(search), standalone === 3);

  if (load.status === 'loading') return <PageLoading />;
  if (load.status === 'not-found') {
    return (
      <Result
        status="404"
        title="Dashboard not found"
        subTitle="This dashboard does not exist, or it was deleted."
        extra={
          <Button href={DASHBOARD_LIST_PATH} data-test="dashboard-not-found-list">
            Dashboards
          </Button>
        }
        data-test="dashboard-not-found"
      />
    );
  }
  if (load.status === 'forbidden') {
    return (
      <Result
        status="403"
        title="Access denied"
        subTitle="You do not have access to this dashboard."
        data-test="dashboard-forbidden"
      />
    );
  }
  if (load.status === 'failed') {
    return (
      <Flex style={{ maxWidth: 720, margin: '48px auto' }} data-test="dashboard-load-error">
        <Alert
          type="error"
          showIcon
          title="Could not open this dashboard"
          description={load.error?.message ?? load.error?.error}
          action={
            <Button onClick={load.retry} data-test="dashboard-retry">
              Retry
            </Button>
          }
          style={{ width: '100%' }}
        />
      </Flex>
    );
  }
  return <DashboardView idOrSlug={idOrSlug} standalone={standalone} embedded={embedded} />;
}

function DashboardView({
  idOrSlug,
  standalone,
  embedded,
}: {
  idOrSlug: string;
  standalone: number;
  embedded: boolean;
}) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { search } = useLocation();
  const info = useAppSelector(selectDashboardInfo);
  const dispatch = useAppDispatch();
  const { css, sliceIds, fullSizeChartId, editMode, colorScheme } = useAppSelector(selectDashboardState);
  const layoutIsEmpty = useAppSelector((state) => gridIsEmpty(selectLayout(state)));
  const labelColors = useDashboardLabelColors(info, colorScheme);
  useLabelColorSync(labelColors);
  const ui = useMemo(() => readUiConfig(search), [search]);
  // Keyed by content: the URL's filter-state key changing must not hand every chart new url_params.
  const regularKey = JSON.stringify(urlParams(search, 'reserved'));
  // eslint-disable-next-line react-hooks/exhaustive-deps -- regularKey stands for the regular params
  const regularParams = useMemo(() => urlParams(search, 'reserved'), [regularKey]);
  // An embedded viewer keeps its filters in the page: it may not write filter state keys.
  useFilterUrlState(embedded ? 0 : (info?.id ?? 0));
  const embeddedFilters = useMemo(() => readEmbeddedFilterFlags(search), [search]);
  useEffect(() => {
    if (embedded && !embeddedFilters.expanded) dispatch(nativeFiltersActions.barOpenSet(false));
  }, [embedded, embeddedFilters.expanded, dispatch]);
  useFiltersRefreshing();
  useAutoRefresh();
  useDomainSharding(search);
  useActiveTabsFromUrl();
  // Report renders (standalone=3) are the server looking, not a user: they are not logged.
  useDashboardLogging(info?.id ?? null, info?.title ?? '', sliceIds, standalone !== 3);
  const rootId = info === null ? 'dashboard' : `dashboard-${String(info.id)}`;
  const scoped = useMemo(() => scopeCss(css, rootId), [css, rootId]);
  // Keyed by content, so the view (and every chart under it) is not rebuilt for an equal list.
  const printTabsKey = JSON.stringify(readPrintTabs(search));
  // eslint-disable-next-line react-hooks/exhaustive-deps -- printTabsKey stands for the list
  const printTabs = useMemo(() => readPrintTabs(search), [printTabsKey]);
  const printAllTabs = readPrintAllTabs(search) || printTabs.length > 0;

  useEffect(() => {
    if (printAllTabs) dispatch(dashboardStateActions.exportModeSet(true));
  }, [printAllTabs, dispatch]);

  useEffect(() => {
    if (info === null) return;
    const previous = document.title;
    document.title = info.title === '' ? 'Dashboard' : info.title;
    return () => {
      document.title = previous;
    };
  }, [info]);

  // A dashboard with a slug lives at its slug; the search params (filters, standalone) come along.
  useEffect(() => {
    if (!embedded && info?.slug && info.slug !== idOrSlug) {
      void navigate(`${dashboardPath(info)}${search}`, { replace: true });
    }
  }, [info, idOrSlug, navigate, search, embedded]);

  const openedId = info?.id ?? null;
  // One per dashboard opened: a later visit to another dashboard starts with its own first screen.
  const drawGate = useMemo(
    () => (openedId === null || standalone === 3 ? null : new FirstScreenGate()),
    [openedId, standalone],
  );
  useEffect(
    () => () => {
      drawGate?.dispose();
    },
    [drawGate],
  );
  const view = useMemo(
    () => ({
      dashboardId: info?.id ?? 0,
      reportMode: standalone === 3,
      canExplore: info?.canExplore ?? false,
      canCsv: info?.canCsv ?? false,
      canShareChart: info?.canShareChart ?? false,
      hideTabBar: ui.hideTabBar,
      hideChartControls: ui.hideChartControls,
      urlParams: regularParams,
      focusedChartId: readFocusedChart(search),
      printTabs,
      labelColors,
      drawGate,
    }),
    [info, standalone, ui, regularParams, search, labelColors, printTabs, drawGate],
  );
  if (info === null) return null;
  const editing = editMode && info.canEdit;
  const showFilterBar = !editing && standalone !== 3 && (!embedded || embeddedFilters.visible);
  const page = (
    <div
      id={rootId}
      data-test="dashboard-page"
      data-edit-mode={editing ? 'true' : 'false'}
      style={{
        padding: `0 ${String(token.paddingLG)}px ${String(token.paddingLG)}px`,
        minHeight: '100%',
        // Room below the grid's end so it can be dropped on without scrolling the drag away.
        ...(editing ? { flex: 1, minWidth: 0, paddingBottom: 240 } : {}),
      }}
    >
      {scoped === '' ? null : <style data-test="dashboard-css">{scoped}</style>}
      {ui.hideTitle ? null : embedded ? (
        // Read-only for an embedded viewer: the title alone, no menu, star or edit button.
        <Typography.Title
          level={3}
          style={{ margin: `${String(token.paddingMD)}px 0 0` }}
          data-test="embedded-title"
        >
          {info.title}
        </Typography.Title>
      ) : (
        <DashboardHeader info={info} rootId={rootId} />
      )}
      <div style={{ paddingTop: token.paddingMD }}>
        {!editing && sliceIds.length === 0 && layoutIsEmpty ? (
          <EmptyDashboard
            canEdit={info.canEdit}
            onEdit={() => dispatch(dashboardStateActions.editModeSet(true))}
          />
        ) : null}
        {fullSizeChartId === null || editing ? null : <FullSizeChart chartId={fullSizeChartId} />}
        <div style={fullSizeChartId === null || editing ? undefined : { display: 'none' }}>
          <DashboardGrid />
        </div>
      </div>
    </div>
  );
  return (
    <DashboardViewContext.Provider value={view}>
      {editing ? (
        // While edit mode's chunk downloads, the dashboard stays on screen as it was.
        <Suspense fallback={page}>
          <DashboardEditor>{page}</DashboardEditor>
        </Suspense>
      ) : showFilterBar ? (
        <NativeFiltersArea info={info}>{page}</NativeFiltersArea>
      ) : (
        page
      )}
    </DashboardViewContext.Provider>
  );
}
