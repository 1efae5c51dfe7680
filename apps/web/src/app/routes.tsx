import { Suspense, type ComponentType } from 'react';
import { createRoutesFromElements, Route, useLocation, useRouteError } from 'react-router';
import { PageLoading } from '../shared/ui/PageLoading';
import { ErrorBoundary } from './ErrorBoundary';
import { UnexpectedError } from './UnexpectedError';
import {
  ActionLogPage,
  AlertReportListPage,
  AllEntitiesPage,
  AppShell,
  ChartCreatePage,
  ChartListPage,
  DashboardListPage,
  DashboardPage,
  DashboardPermalinkPage,
  DatabaseBrowserPage,
  DatabaseListPage,
  DatasetListPage,
  ExecutionLogPage,
  ExplorePage,
  HomePage,
  LoginPage,
  EmbeddedPage,
  NewDashboardPage,
  NotFoundPage,
  ProfilePage,
  SavedQueryListPage,
  QueryHistoryPage,
  SqlLabPage,
  UserListPage,
  RoleListPage,
  RlsListPage,
} from './lazy-pages';
import { CHART_CREATE_PATH, CHART_LIST_PATH } from '../features/charts/paths';
import {
  DASHBOARD_LIST_PATH,
  DASHBOARD_NEW_PATH,
  DASHBOARD_PERMALINK_ROUTE,
  DASHBOARD_ROUTE,
} from '../features/dashboards/paths';
import { DATASET_LIST_PATH } from '../features/datasets/paths';
import {
  EXPLORE_PATH,
  EXPLORE_PERMALINK_ROUTE,
  EXPLORE_PERMALINK_SHORT_ROUTE,
} from '../features/explore/paths';
import { QUERY_HISTORY_PATH } from '../features/queryhistory/paths';
import {
  ALERT_LIST_PATH,
  ALERT_LOG_ROUTE,
  REPORT_LIST_PATH,
  REPORT_LOG_ROUTE,
} from '../features/reports/paths';
import { readsReports, useReportsEnabled } from '../features/reports/report-access';
import { SAVED_QUERY_LIST_PATH } from '../features/savedqueries/paths';
import { SQLLAB_PATH } from '../features/sqllab/paths';
import { ALL_ENTITIES_PATH } from '../features/tags/paths';
import { HomeRedirect } from './HomeRedirect';
import { ACTION_LOG_PATH } from '../features/actionlog/paths';
import { readsActionLog } from '../features/actionlog/action-log-access';
import { WELCOME_PATH } from '../features/home/paths';
import { PROFILE_PATH, RLS_LIST_PATH, ROLE_LIST_PATH, USER_INFO_PATH } from './paths';
import { RequireAccess } from './RequireAccess';
import { RequireAuth } from './RequireAuth';
import { can, canUseDatabaseList, canUseSqlLab } from '../shared/session/permissions';
import { isAdmin, type SessionUser } from '../shared/session/session-slice';

const readsSavedQueries = (user: SessionUser) => can(user, 'can_read', 'SavedQuery');
const readsQueries = (user: SessionUser) => can(user, 'can_read', 'Query');
const readsDatasets = (user: SessionUser) => can(user, 'can_read', 'Dataset');
const readsCharts = (user: SessionUser) => can(user, 'can_read', 'Chart');
const writesCharts = (user: SessionUser) => can(user, 'can_write', 'Chart');
const readsDashboards = (user: SessionUser) => can(user, 'can_read', 'Dashboard');
const writesDashboards = (user: SessionUser) => can(user, 'can_write', 'Dashboard');
const readsTags = (user: SessionUser) => can(user, 'can_read', 'Tag');

/** Alerts & reports open with the ALERT_REPORTS flag on (the server's API is 404 without it) and can_read. */
function RequireReports() {
  const enabled = useReportsEnabled();
  return <RequireAccess screen="Alerts & reports" allowed={(user) => enabled && readsReports(user)} />;
}

interface PageProps {
  component: ComponentType;
  /** The login page and the shell fill the window while their code loads. */
  fullScreen?: boolean;
}

/** A lazily loaded screen with its own error boundary, reset when the user navigates to another path. */
function Page({ component: Component, fullScreen = false }: PageProps) {
  const { pathname } = useLocation();
  // The shell wraps every page, so its boundary must not remount it on each navigation.
  return (
    <ErrorBoundary key={fullScreen ? 'frame' : pathname}>
      <Suspense fallback={<PageLoading fullScreen={fullScreen} />}>
        <Component />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * What an error outside every page's own boundary (RequireAuth, RequireAccess, the home redirect) shows:
 * the data router catches those before the app's ErrorBoundary would, so it shows the same page.
 */
function RouteError() {
  return <UnexpectedError error={useRouteError()} />;
}

/**
 * /login/ stands alone; everything else renders inside the shell. Unknown paths get the 404 page
 * whether or not the user is logged in; the real screens require a session. The routes feed a data
 * router (createBrowserRouter in App) only for its navigation blocker (`useBlocker`: the dashboard
 * editor's unsaved-changes guard covers Back/Forward too); nothing loads data through the router.
 */
export const appRoutes = createRoutesFromElements(
  <Route errorElement={<RouteError />}>
    <Route path="/login/" element={<Page component={LoginPage} fullScreen />} />
    {/* The embedded SDK's iframe: no shell, no session (a guest token), no login redirect. */}
    <Route path="/embedded/:uuid" element={<Page component={EmbeddedPage} fullScreen />} />
    <Route element={<Page component={AppShell} fullScreen />}>
      <Route element={<RequireAuth />}>
        <Route index element={<HomeRedirect />} />
        <Route element={<RequireAccess screen="Databases" allowed={canUseDatabaseList} />}>
          <Route path="/databaseview/list/" element={<Page component={DatabaseListPage} />} />
          <Route path="/databaseview/:id/browse/" element={<Page component={DatabaseBrowserPage} />} />
        </Route>
        <Route element={<RequireAccess screen="Users" allowed={isAdmin} />}>
          <Route path="/users/list/" element={<Page component={UserListPage} />} />
        </Route>
        <Route element={<RequireAccess screen="Roles" allowed={isAdmin} />}>
          <Route path={ROLE_LIST_PATH} element={<Page component={RoleListPage} />} />
          <Route path={RLS_LIST_PATH} element={<Page component={RlsListPage} />} />
        </Route>
        <Route element={<RequireAccess screen="Action log" allowed={readsActionLog} />}>
          <Route path={ACTION_LOG_PATH} element={<Page component={ActionLogPage} />} />
        </Route>
        <Route path={WELCOME_PATH} element={<Page component={HomePage} />} />
        <Route element={<RequireAccess screen="SQL Lab" allowed={canUseSqlLab} />}>
          <Route path={SQLLAB_PATH} element={<Page component={SqlLabPage} />} />
          <Route path="/sqllab/p/:key/" element={<Page component={SqlLabPage} />} />
        </Route>
        <Route element={<RequireAccess screen="Saved queries" allowed={readsSavedQueries} />}>
          <Route path={SAVED_QUERY_LIST_PATH} element={<Page component={SavedQueryListPage} />} />
        </Route>
        <Route element={<RequireAccess screen="Query history" allowed={readsQueries} />}>
          <Route path={QUERY_HISTORY_PATH} element={<Page component={QueryHistoryPage} />} />
        </Route>
        <Route element={<RequireAccess screen="Datasets" allowed={readsDatasets} />}>
          <Route path={DATASET_LIST_PATH} element={<Page component={DatasetListPage} />} />
        </Route>
        <Route path={EXPLORE_PATH} element={<Page component={ExplorePage} />} />
        <Route path={EXPLORE_PERMALINK_ROUTE} element={<Page component={ExplorePage} />} />
        <Route path={EXPLORE_PERMALINK_SHORT_ROUTE} element={<Page component={ExplorePage} />} />
        <Route path="/superset/explore/" element={<Page component={ExplorePage} />} />
        <Route element={<RequireAccess screen="Charts" allowed={readsCharts} />}>
          <Route path={CHART_LIST_PATH} element={<Page component={ChartListPage} />} />
        </Route>
        <Route element={<RequireAccess screen="creating charts" allowed={writesCharts} />}>
          <Route path={CHART_CREATE_PATH} element={<Page component={ChartCreatePage} />} />
        </Route>
        <Route element={<RequireAccess screen="Dashboards" allowed={readsDashboards} />}>
          <Route path={DASHBOARD_ROUTE} element={<Page component={DashboardPage} />} />
          <Route path={DASHBOARD_PERMALINK_ROUTE} element={<Page component={DashboardPermalinkPage} />} />
          <Route path={DASHBOARD_LIST_PATH} element={<Page component={DashboardListPage} />} />
        </Route>
        <Route element={<RequireAccess screen="creating dashboards" allowed={writesDashboards} />}>
          <Route path={DASHBOARD_NEW_PATH} element={<Page component={NewDashboardPage} />} />
        </Route>
        <Route element={<RequireReports />}>
          <Route path={ALERT_LIST_PATH} element={<Page component={AlertReportListPage} />} />
          <Route path={REPORT_LIST_PATH} element={<Page component={AlertReportListPage} />} />
          <Route path={ALERT_LOG_ROUTE} element={<Page component={ExecutionLogPage} />} />
          <Route path={REPORT_LOG_ROUTE} element={<Page component={ExecutionLogPage} />} />
        </Route>
        <Route element={<RequireAccess screen="Tags" allowed={readsTags} />}>
          <Route path={ALL_ENTITIES_PATH} element={<Page component={AllEntitiesPage} />} />
        </Route>
        <Route path={PROFILE_PATH} element={<Page component={ProfilePage} />} />
        <Route path={USER_INFO_PATH} element={<Page component={ProfilePage} />} />
      </Route>
      <Route path="*" element={<Page component={NotFoundPage} />} />
    </Route>
  </Route>,
);
