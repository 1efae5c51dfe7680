import { LockOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link, Outlet } from 'react-router';
import type { SessionUser } from '../shared/session/session-slice';
import { useAppSelector } from './hooks';
import { HOME_PATH } from './paths';
import { StatusPage } from './StatusPage';

interface RequireAccessProps {
  /** The screen's name in "You don't have access to <screen>". */
  screen: string;
  allowed: (user: SessionUser) => boolean;
}

/**
 * Routes below open only for users who can use the screen; others get one calm page that says so and
 * leads home, instead of the screen's own 403s (banners, toasts). The server still refuses each call.
 */
export function RequireAccess({ screen, allowed }: RequireAccessProps) {
  const user = useAppSelector((state) => state.session.user);
  if (user !== null && allowed(user)) return <Outlet />;
  return (
    <StatusPage
      data-test="no-access"
      kind="warning"
      icon={<LockOutlined />}
      title={`You don't have access to ${screen}`}
      detail="Ask an administrator for a role that grants it."
      action={
        <Link to={HOME_PATH} data-test="no-access-home">
          <Button type="primary" tabIndex={-1}>
            Back to home
          </Button>
        </Link>
      }
    />
  );
}
