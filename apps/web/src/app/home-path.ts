import { CHART_LIST_PATH } from '../features/charts/paths';
import { DATASET_LIST_PATH } from '../features/datasets/paths';
import { SQLLAB_PATH } from '../features/sqllab/paths';
import { can, canUseSqlLab } from '../shared/session/permissions';
import type { SessionUser } from '../shared/session/session-slice';
import { PROFILE_PATH } from './paths';

/**
 * Where a signed-in user lands: the first screen they can use, of the Charts list, SQL Lab and the
 * Datasets list; their profile when none (until a home page exists). Only a landing choice: the server
 * still decides what each screen may show.
 */
export function homePathFor(user: SessionUser | null): string {
  if (user === null) return CHART_LIST_PATH;
  if (can(user, 'can_read', 'Chart')) return CHART_LIST_PATH;
  if (canUseSqlLab(user)) return SQLLAB_PATH;
  if (can(user, 'can_read', 'Dataset')) return DATASET_LIST_PATH;
  return PROFILE_PATH;
}
