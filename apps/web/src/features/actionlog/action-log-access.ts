import { useAppSelector } from '../../app/hooks';
import { isAdmin, type SessionUser } from '../../shared/session/session-slice';

/** SUPERSET_LOG_VIEW from the bootstrap (on unless the config turns it off). */
export function useLogViewEnabled(): boolean {
  return useAppSelector((state) => state.session.common?.conf.SUPERSET_LOG_VIEW !== false);
}

/** The Action Log is for admins, as the server's can_read Log is an Admin-only permission. */
export const readsActionLog = (user: SessionUser): boolean => isAdmin(user);
