import { Flex, Layout, theme } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import { CHART_LIST_PATH } from '../../features/charts/paths';
import { DASHBOARD_LIST_PATH } from '../../features/dashboards/paths';
import { DATASET_LIST_PATH } from '../../features/datasets/paths';
import { QUERY_HISTORY_PATH } from '../../features/queryhistory/paths';
import { SAVED_QUERY_LIST_PATH } from '../../features/savedqueries/paths';
import { SQLLAB_PATH } from '../../features/sqllab/paths';
import { can, canUseDatabaseList, canUseSqlLab } from '../../shared/session/permissions';
import { isAdmin, type SessionUser } from '../../shared/session/session-slice';
import { useAppSelector } from '../hooks';
import { DATABASE_LIST_PATH, HOME_PATH, LOGIN_PATH, ROLE_LIST_PATH, USER_LIST_PATH } from '../paths';
import { AddMenu } from './AddMenu';
import { AppNav, type NavLink } from './AppNav';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

interface NavTarget {
  key: string;
  label: string;
  path: string;
  /** Whether the user can use the screen; screens they cannot use are not offered. */
  allowed: (user: SessionUser) => boolean;
}

/** Only screens that exist are linked, each for users who can use it. */
const NAV_TARGETS: readonly NavTarget[] = [
  { key: 'sqllab', label: 'SQL Lab', path: SQLLAB_PATH, allowed: canUseSqlLab },
  {
    key: 'queryhistory',
    label: 'Query history',
    path: QUERY_HISTORY_PATH,
    allowed: (user) => can(user, 'can_read', 'Query'),
  },
  {
    key: 'savedqueries',
    label: 'Saved queries',
    path: SAVED_QUERY_LIST_PATH,
    allowed: (user) => can(user, 'can_read', 'SavedQuery'),
  },
  {
    key: 'dashboards',
    label: 'Dashboards',
    path: DASHBOARD_LIST_PATH,
    allowed: (user) => can(user, 'can_read', 'Dashboard'),
  },
  {
    key: 'charts',
    label: 'Charts',
    path: CHART_LIST_PATH,
    allowed: (user) => can(user, 'can_read', 'Chart'),
  },
  {
    key: 'datasets',
    label: 'Datasets',
    path: DATASET_LIST_PATH,
    allowed: (user) => can(user, 'can_read', 'Dataset'),
  },
  { key: 'databases', label: 'Databases', path: DATABASE_LIST_PATH, allowed: canUseDatabaseList },
  { key: 'users', label: 'Users', path: USER_LIST_PATH, allowed: isAdmin },
  { key: 'roles', label: 'Roles', path: ROLE_LIST_PATH, allowed: isAdmin },
];

function navLinks(user: SessionUser): NavLink[] {
  return NAV_TARGETS.filter((target) => target.allowed(user)).map(({ key, label, path }) => ({
    key,
    label,
    path,
  }));
}

function activeKey(pathname: string): string | null {
  if (pathname.startsWith('/databaseview/')) return 'databases';
  if (pathname.startsWith('/users/')) return 'users';
  if (pathname.startsWith(ROLE_LIST_PATH)) return 'roles';
  if (pathname.startsWith(CHART_LIST_PATH)) return 'charts';
  if (pathname.startsWith('/dashboard/') || pathname.startsWith('/superset/dashboard/')) return 'dashboards';
  if (pathname.startsWith(DATASET_LIST_PATH)) return 'datasets';
  if (pathname.startsWith(SAVED_QUERY_LIST_PATH)) return 'savedqueries';
  if (pathname.startsWith(QUERY_HISTORY_PATH)) return 'queryhistory';
  if (pathname.startsWith(SQLLAB_PATH)) return 'sqllab';
  return null;
}

/** Standalone pages, and dashboards whose uiConfig carries bit 4 (hide the navigation, spec 001 §2). */
function isStandalone(search: string): boolean {
  const params = new URLSearchParams(search);
  const value = params.get('standalone');
  const uiConfig = Number(params.get('uiConfig') ?? '0');
  if (Number.isInteger(uiConfig) && (uiConfig & 4) === 4) return true;
  return value !== null && value !== '0' && value.toLowerCase() !== 'false';
}

/** Top navigation (product name, screen links, '+' menu, theme toggle, user menu) around the current page. */
export function AppShell() {
  const user = useAppSelector((state) => state.session.user);
  const { pathname, search } = useLocation();
  const { token } = theme.useToken();

  // ?standalone=1|2|3 (reference §12.4) shows the page alone, for embedding and reports.
  if (isStandalone(search)) {
    return (
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Content style={{ padding: token.paddingXS }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    );
  }

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        data-test="top-nav"
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: token.marginLG,
          paddingInline: token.paddingLG,
          background: token.colorBgContainer,
          borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        }}
      >
        <Link data-test="brand" to={HOME_PATH}>
          <span
            style={{
              fontSize: token.fontSizeHeading4,
              fontWeight: token.fontWeightStrong,
              color: token.colorText,
            }}
          >
            Tessera
          </span>
        </Link>
        <AppNav links={user === null ? [] : navLinks(user)} activeKey={activeKey(pathname)} />
        <Flex align="center" gap={token.marginXS}>
          {user === null ? null : <AddMenu user={user} />}
          <ThemeToggle />
          {user === null ? (
            <Link data-test="nav-login" to={LOGIN_PATH}>
              Log in
            </Link>
          ) : (
            <UserMenu user={user} />
          )}
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: token.paddingLG }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
