import { CHART_LIST_PATH } from '../features/charts/paths';
import { SQLLAB_PATH } from '../features/sqllab/paths';
import type { SessionUser } from '../shared/session/session-slice';

/**
 * Where a signed-in user lands: the Charts list, or SQL Lab for those who cannot read charts (until a
 * home page exists). Only a landing choice: the server still decides what each screen may show.
 */
export function homePathFor(user: SessionUser | null): string {
  if (user === null) return SQLLAB_PATH;
  const readsCharts =
    user.is_admin ||
    user.roles.includes('Admin') ||
    user.permissions.some(([permission, view]) => permission === 'can_read' && view === 'Chart');
  return readsCharts ? CHART_LIST_PATH : SQLLAB_PATH;
}
