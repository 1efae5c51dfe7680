import { lazy } from 'react';

// Each screen is its own chunk: the login page must not pay for tables, modals and menus.
export const LoginPage = lazy(() =>
  import('../features/login/LoginPage').then((m) => ({ default: m.LoginPage })),
);
export const AppShell = lazy(() => import('./shell/AppShell').then((m) => ({ default: m.AppShell })));
export const DatabaseListPage = lazy(() =>
  import('../features/databases/DatabaseListPage').then((m) => ({ default: m.DatabaseListPage })),
);
export const DatabaseBrowserPage = lazy(() =>
  import('../features/databases/browser/DatabaseBrowserPage').then((m) => ({
    default: m.DatabaseBrowserPage,
  })),
);
export const UserListPage = lazy(() =>
  import('../features/users/UserListPage').then((m) => ({ default: m.UserListPage })),
);
export const RoleListPage = lazy(() =>
  import('../features/roles/RoleListPage').then((m) => ({ default: m.RoleListPage })),
);
export const SqlLabPage = lazy(() =>
  import('../features/sqllab/page/SqlLabPage').then((m) => ({ default: m.SqlLabPage })),
);
export const QueryHistoryPage = lazy(() =>
  import('../features/queryhistory/QueryHistoryPage').then((m) => ({ default: m.QueryHistoryPage })),
);
export const SavedQueryListPage = lazy(() =>
  import('../features/savedqueries/SavedQueryListPage').then((m) => ({ default: m.SavedQueryListPage })),
);
export const DatasetListPage = lazy(() =>
  import('../features/datasets/DatasetListPage').then((m) => ({ default: m.DatasetListPage })),
);
export const ExplorePage = lazy(() =>
  import('../features/explore/page/ExplorePage').then((m) => ({ default: m.ExplorePage })),
);
export const NotFoundPage = lazy(() => import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
export const ChartListPage = lazy(() =>
  import('../features/charts/ChartListPage').then((m) => ({ default: m.ChartListPage })),
);
export const ProfilePage = lazy(() =>
  import('../features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })),
);
export const ChartCreatePage = lazy(() =>
  import('../features/charts/create/ChartCreatePage').then((m) => ({ default: m.ChartCreatePage })),
);
