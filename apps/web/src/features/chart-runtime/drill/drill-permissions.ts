import type { ExploreDatasource } from '@tessera/contracts';
import { can } from '../../../shared/session/permissions';
import type { SessionUser } from '../../../shared/session/session-slice';

export interface DrillAbilities {
  drillToDetail: boolean;
  drillBy: boolean;
}

/**
 * What the context menu offers (DRILL_TO_DETAIL and DRILL_BY are on by default). Superset asks for
 * can_explore (or can_drill) plus can_samples on Datasource for drill to detail; our samples endpoint is
 * guarded by can_read on Dataset, so that pair stands for it. Drill by saves a new chart's form data, so
 * it asks for can_write on ExploreFormDataRestApi. A database with disable_drill_to_detail offers neither
 * detail entry.
 */
export function drillAbilities(
  user: SessionUser | null,
  datasource: ExploreDatasource | null,
): DrillAbilities {
  const explore = can(user, 'can_explore', 'Superset');
  const disabled = datasource?.database.disable_drill_to_detail === true;
  return {
    drillToDetail: datasource !== null && explore && can(user, 'can_read', 'Dataset') && !disabled,
    drillBy: datasource !== null && explore && can(user, 'can_write', 'ExploreFormDataRestApi'),
  };
}
