import { Flex, Layout, Menu, theme, type MenuProps } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import { CHART_LIST_PATH } from '../../features/charts/paths';
import { DATASET_LIST_PATH } from '../../features/datasets/paths';
import { QUERY_HISTORY_PATH } from '../../features/queryhistory/paths';
import { SAVED_QUERY_LIST_PATH } from '../../features/savedqueries/paths';
import { SQLLAB_PATH } from '../../features/sqllab/paths';
import { isAdmin } from '../../shared/session/session-slice';
import { useAppSelector } from '../hooks';
import { DATABASE_LIST_PATH, HOME_PATH, LOGIN_PATH, ROLE_LIST_PATH, USER_LIST_PATH } from '../paths';
import { AddMenu } from './AddMenu';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

/** Only screens that exist are linked; dashboards join when they are built. */
function navItems(admin: boolean): NonNullable<MenuProps['items']> {
  const items: NonNullable<MenuProps['items']> = [
    {
      key: 'sqllab',
      label: (
        <Link data-test="nav-sqllab" to={SQLLAB_PATH}>
          SQL Lab
        </Link>
      ),
    },
    {
      key: 'queryhistory',
      label: (
        <Link data-test="nav-queryhistory" to={QUERY_HISTORY_PATH}>
          Query history
        </Link>
      ),
    },
    {
      key: 'savedqueries',
      label: (
        <Link data-test="nav-savedqueries" to={SAVED_QUERY_LIST_PATH}>
          Saved queries
        </Link>
      ),
    },
    {
      key: 'charts',
      label: (
        <Link data-test="nav-charts" to={CHART_LIST_PATH}>
          Charts
        </Link>
      ),
    },
    {
      key: 'datasets',
      label: (
        <Link data-test="nav-datasets" to={DATASET_LIST_PATH}>
          Datasets
        </Link>
      ),
    },
    {
      key: 'databases',
      label: (
        <Link data-test="nav-databases" to={DATABASE_LIST_PATH}>
          Databases
        </Link>
      ),
    },
  ];
  if (admin) {
    items.push({
      key: 'users',
      label: (
        <Link data-test="nav-users" to={USER_LIST_PATH}>
          Users
        </Link>
      ),
    });
    items.push({
      key: 'roles',
      label: (
        <Link data-test="nav-roles" to={ROLE_LIST_PATH}>
          Roles
        </Link>
      ),
    });
  }
  return items;
}

function activeKey(pathname: string): string[] {
  if (pathname.startsWith('/databaseview/')) return ['databases'];
  if (pathname.startsWith('/users/')) return ['users'];
  if (pathname.startsWith(ROLE_LIST_PATH)) return ['roles'];
  if (pathname.startsWith(CHART_LIST_PATH)) return ['charts'];
  if (pathname.startsWith(DATASET_LIST_PATH)) return ['datasets'];
  if (pathname.startsWith(SAVED_QUERY_LIST_PATH)) return ['savedqueries'];
  if (pathname.startsWith(QUERY_HISTORY_PATH)) return ['queryhistory'];
  if (pathname.startsWith(SQLLAB_PATH)) return ['sqllab'];
  return [];
}

function isStandalone(search: string): boolean {
  const value = new URLSearchParams(search).get('standalone');
  return value !== null && value !== '0' && value.toLowerCase() !== 'false';
}

/** Top navigation (product name, screen links, '+' menu, theme toggle, user menu) around the current page. */
export function AppShell() {
  const user = useAppSelector((state) => state.session.user);
  const admin = useAppSelector((state) => isAdmin(state.session.user));
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
        <Menu
          mode="horizontal"
          selectedKeys={activeKey(pathname)}
          items={user === null ? [] : navItems(admin)}
          style={{ flex: 1, minWidth: 0, borderBottom: 'none', background: 'transparent' }}
        />
        <Flex align="center" gap={token.marginXS}>
          {user === null ? null : <AddMenu />}
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
