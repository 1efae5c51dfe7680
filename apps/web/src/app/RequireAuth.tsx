import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from './hooks';
import { loginPathFor } from './paths';

/** Routes below need a session; without one the user goes to /login/?next=<here>. */
export function RequireAuth() {
  const user = useAppSelector((state) => state.session.user);
  const location = useLocation();
  if (user === null) return <Navigate to={loginPathFor(location)} replace />;
  return <Outlet />;
}
