import { Navigate } from 'react-router';
import { useAppSelector } from './hooks';
import { homePathFor } from './home-path';

/** `/`: sends the user on to their landing screen. */
export function HomeRedirect() {
  const user = useAppSelector((state) => state.session.user);
  return <Navigate to={homePathFor(user)} replace />;
}
