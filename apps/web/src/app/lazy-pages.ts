import { lazyComponent } from '../shared/lazy/lazy-component';

// Each screen is its own chunk: the login page must not pay for tables, modals and menus. A chunk that
// fails to download shows a retry in the page's error boundary (ErrorBoundary), not a crash.
export const LoginPage = lazyComponent(() => import('../features/login/LoginPage').then((m) => m.LoginPage));
export const AppShell = lazyComponent(() => import('./shell/AppShell').then((m) => m.AppShell));
export const DatabaseListPage = lazyComponent(() =>
  import('../features/databases/DatabaseListPage').then((m) => m.DatabaseListPage),
);
export const DatabaseBrowserPage = lazyComponent(() =>
  import('../features/databases/browser/DatabaseBrowserPage').then((m) => m.DatabaseBrowserPage),
);
export const UserListPage = lazyComponent(() =>
  import('../features/users/UserListPage').then((m) => m.UserListPage),
);
export const RoleListPage = lazyComponent(() =>
  import('../features/roles/RoleListPage').then((m) => m.RoleListPage),
);
export const RlsListPage = lazyComponent(() =>
  import('../features/rls/RlsListPage').then((m) => m.RlsListPage),
);
export const SqlLabPage = lazyComponent(() =>
  import('../features/sqllab/page/SqlLabPage').then((m) => m.SqlLabPage),
);
export const QueryHistoryPage = lazyComponent(() =>
  import('../features/queryhistory/QueryHistoryPage').then((m) => m.QueryHistoryPage),
);
export const SavedQueryListPage = lazyComponent(() =>
  import('../features/savedqueries/SavedQueryListPage').then((m) => m.SavedQueryListPage),
);
export const DatasetListPage = lazyComponent(() =>
  import('../features/datasets/DatasetListPage').then((m) => m.DatasetListPage),
);
export const ExplorePage = lazyComponent(() =>
  import('../features/explore/page/ExplorePage').then((m) => m.ExplorePage),
);
export const AllEntitiesPage = lazyComponent(() =>
  import('../features/tags/AllEntitiesPage').then((m) => m.AllEntitiesPage),
);
export const NotFoundPage = lazyComponent(() => import('./NotFoundPage').then((m) => m.NotFoundPage));
export const ChartListPage = lazyComponent(() =>
  import('../features/charts/ChartListPage').then((m) => m.ChartListPage),
);
export const ProfilePage = lazyComponent(() =>
  import('../features/profile/ProfilePage').then((m) => m.ProfilePage),
);
export const ChartCreatePage = lazyComponent(() =>
  import('../features/charts/create/ChartCreatePage').then((m) => m.ChartCreatePage),
);
export const DashboardPage = lazyComponent(() =>
  import('../features/dashboards/page/DashboardPage').then((m) => m.DashboardPage),
);
export const DashboardListPage = lazyComponent(() =>
  import('../features/dashboards/list/DashboardListPage').then((m) => m.DashboardListPage),
);
export const NewDashboardPage = lazyComponent(() =>
  import('../features/dashboards/list/NewDashboardPage').then((m) => m.NewDashboardPage),
);
export const DashboardPermalinkPage = lazyComponent(() =>
  import('../features/dashboards/page/DashboardPermalinkPage').then((m) => m.DashboardPermalinkPage),
);
export const AlertReportListPage = lazyComponent(() =>
  import('../features/reports/AlertReportListPage').then((m) => m.AlertReportListPage),
);
export const ActionLogPage = lazyComponent(() =>
  import('../features/actionlog/ActionLogPage').then((m) => m.ActionLogPage),
);
export const HomePage = lazyComponent(() => import('../features/home/HomePage').then((m) => m.HomePage));
export const ExecutionLogPage = lazyComponent(() =>
  import('../features/reports/ExecutionLogPage').then((m) => m.ExecutionLogPage),
);
export const EmbeddedPage = lazyComponent(() =>
  import('../features/embedded/EmbeddedPage').then((m) => m.EmbeddedPage),
);
