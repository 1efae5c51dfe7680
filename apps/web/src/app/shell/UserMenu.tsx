import {
  AlertOutlined,
  FilterOutlined,
  DownOutlined,
  HistoryOutlined,
  IdcardOutlined,
  LogoutOutlined,
  SafetyOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api/api';
import { useLogoutMutation } from '../../shared/api/auth-api';
import { forgetCsrfToken } from '../../shared/api/csrf-token';
import { errorText } from '../../shared/errors/to-api-error';
import { isAdmin, loggedOut, type SessionUser } from '../../shared/session/session-slice';
import { ALERT_LIST_PATH } from '../../features/reports/paths';
import { useLogViewEnabled } from '../../features/actionlog/action-log-access';
import { ACTION_LOG_PATH } from '../../features/actionlog/paths';
import { readsReports, useReportsEnabled } from '../../features/reports/report-access';
import { useToasts } from '../../shared/toasts/use-toasts';
import { useAppDispatch } from '../hooks';
import { LOGIN_PATH, PROFILE_PATH, RLS_LIST_PATH, ROLE_LIST_PATH, USER_LIST_PATH } from '../paths';

/** The username with a menu holding the profile page, the security settings (admins) and Logout. */
export function UserMenu({ user }: { user: SessionUser }) {
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { addDangerToast } = useToasts();

  const onLogout = async () => {
    const result = await logout();
    if ('error' in result) {
      addDangerToast(`Could not log out: ${errorText(result.error)}`);
      return;
    }
    dispatch(loggedOut());
    forgetCsrfToken();
    // Nothing cached for one user may show to the next one on this browser.
    dispatch(api.util.resetApiState());
    await navigate(LOGIN_PATH, { replace: true });
  };

  // Superset's Settings › Manage holds 'Alerts & Reports', for those who may read them.
  const manage: NonNullable<MenuProps['items']> =
    useReportsEnabled() && readsReports(user)
      ? [
          {
            key: 'reports',
            icon: <AlertOutlined />,
            label: <span data-test="menu-alerts-reports">Alerts & reports</span>,
          },
        ]
      : [];
  const logView = useLogViewEnabled();
  const settings: NonNullable<MenuProps['items']> = isAdmin(user)
    ? [
        { key: 'users', icon: <TeamOutlined />, label: <span data-test="menu-users">List users</span> },
        { key: 'roles', icon: <SafetyOutlined />, label: <span data-test="menu-roles">List roles</span> },
        {
          key: 'rls',
          icon: <FilterOutlined />,
          label: <span data-test="menu-rls">Row Level Security</span>,
        },
        ...(logView
          ? [
              {
                key: 'actionlog',
                icon: <HistoryOutlined />,
                label: <span data-test="menu-action-log">Action log</span>,
              },
            ]
          : []),
        { type: 'divider' },
      ]
    : [];
  const items: MenuProps['items'] = [
    ...settings,
    ...(manage.length > 0 ? [...manage, { type: 'divider' as const }] : []),
    {
      key: 'profile',
      icon: <IdcardOutlined />,
      label: <span data-test="user-menu-profile">Profile</span>,
    },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: <span data-test="logout">Logout</span>,
    },
  ];

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'logout') void onLogout();
          else if (key === 'users') void navigate(USER_LIST_PATH);
          else if (key === 'roles') void navigate(ROLE_LIST_PATH);
          else if (key === 'rls') void navigate(RLS_LIST_PATH);
          else if (key === 'actionlog') void navigate(ACTION_LOG_PATH);
          else if (key === 'profile') void navigate(PROFILE_PATH);
          else if (key === 'reports') void navigate(ALERT_LIST_PATH);
        },
      }}
    >
      <Button data-test="user-menu" type="text" icon={<UserOutlined />}>
        {user.username} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
