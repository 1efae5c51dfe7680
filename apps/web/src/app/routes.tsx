import { Suspense, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { PageLoading } from '../shared/ui/PageLoading';
import { ErrorBoundary } from './ErrorBoundary';
import {
  AppShell,
  ChartCreatePage,
  ChartListPage,
  DashboardPage,
  DatabaseBrowserPage,
  DatabaseListPage,
  DatasetListPage,
  ExplorePage,
  LoginPage,
  NotFoundPage,
  ProfilePage,
  SavedQueryListPage,
  QueryHistoryPage,
  SqlLabPage,
  UserListPage,
  RoleListPage,
} from './lazy-pages';
import { CHART_CREATE_PATH, CHART_LIST_PATH } from '../features/charts/paths';
import { DASHBOARD_ROUTE } from '../features/dashboards/paths';
import { DATASET_LIST_PATH } from '../features/datasets/paths';
import {
  EXPLORE_PATH,
  EXPLORE_PERMALINK_ROUTE,
  EXPLORE_PERMALINK_SHORT_ROUTE,
} from '../features/explore/paths';
import { QUERY_HISTORY_PATH } from '../features/queryhistory/paths';
import { SAVED_QUERY_LIST_PATH } from '../features/savedqueries/paths';
import { SQLLAB_PATH } from '../features/sqllab/paths';
import { HomeRedirect } from './HomeRedirect';
import { PROFILE_PATH, ROLE_LIST_PATH, USER_INFO_PATH } from './paths';
import { RequireAccess } from './RequireAccess';
import { RequireAuth } from './RequireAuth';
import { can, canUseDatabaseList, canUseSqlLab } from '../shared/session/permissions';
import { isAdmin, type SessionUser } from '../shared/session/session-slice';

const readsSavedQueries = (user: SessionUser) => can(user, 'can_read', 'SavedQuery');
const readsQueries = (user: SessionUser) => can(user, 'can_read', 'Query');
const readsDatasets = (user: SessionUser) => can(user, 'can_read', 'Dataset');
const readsCharts = (user: SessionUser) => can(user, 'can_read', 'Chart');
const readsDashboards = (user: SessionUser) => can(user, 'can_read', 'Dashboard');
const writesCharts = (user: SessionUser) => can(user, 'can_write', 'Chart');

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
 * /login/ stands alone; everything else renders inside the shell. Unknown paths get the 404 page
 * whether or not the user is logged in; the real screens require a session. Declarative routes
 * (not a data router): nothing here loads data through the router, and the data router's code
 * would weigh on the login page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login/" element={<Page component={LoginPage} fullScreen />} />
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
          </Route>
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
          </Route>
          <Route path={PROFILE_PATH} element={<Page component={ProfilePage} />} />
          <Route path={USER_INFO_PATH} element={<Page component={ProfilePage} />} />
        </Route>
        <Route path="*" element={<Page component={NotFoundPage} />} />
      </Route>
    </Routes>
  );
}
