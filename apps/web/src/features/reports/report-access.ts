import { useAppSelector } from '../../app/hooks';
import { can } from '../../shared/session/permissions';
import type { SessionUser } from '../../shared/session/session-slice';

/** The bootstrap's ALERT_REPORTS flag: without it the server answers 404 to every report route. */
export function useReportsEnabled(): boolean {
  return useAppSelector((state) => state.session.common?.feature_flags.ALERT_REPORTS === true);
}

export const readsReports = (user: SessionUser): boolean => can(user, 'can_read', 'ReportSchedule');
export const writesReports = (user: SessionUser): boolean => can(user, 'can_write', 'ReportSchedule');
