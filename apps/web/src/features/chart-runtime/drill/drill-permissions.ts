import { getChartPlugin } from '@tessera/charts';
import type { ExploreDatasource } from '@tessera/contracts';
import { can } from '../../../shared/session/permissions';
import type { SessionUser } from '../../../shared/session/session-slice';

export interface DrillAbilities {
  drillToDetail: boolean;
  drillBy: boolean;
}

/** Where the chart is: the server's feature flags (bootstrap) and the chart's viz type. */
export interface DrillContext {
  featureFlags: Readonly<Record<string, boolean>> | undefined;
  vizType: string;
}

/**
 * What the context menu offers. The DRILL_TO_DETAIL and DRILL_BY feature flags (on unless the server
 * turns them off) and the chart plugin's behaviours decide whether a chart can drill at all. Superset
 * then asks for can_explore (or can_drill) plus can_samples on Datasource for drill to detail; our
 * samples endpoint is guarded by can_read on Dataset, so that pair stands for it. Drill by saves a new
 * chart's form data, so it asks for can_write on ExploreFormDataRestApi. A database with
 * disable_drill_to_detail offers no drill to detail.
 */
export function drillAbilities(
  user: SessionUser | null,
  datasource: ExploreDatasource | null,
  context: DrillContext,
): DrillAbilities {
  const behaviors = getChartPlugin(context.vizType)?.metadata.behaviors ?? [];
  const flagOn = (name: string) => context.featureFlags?.[name] !== false;
  const explore = datasource !== null && can(user, 'can_explore', 'Superset');
  const disabled = datasource?.database.disable_drill_to_detail === true;
  return {
    drillToDetail:
      explore &&
      flagOn('DRILL_TO_DETAIL') &&
      behaviors.includes('DRILL_TO_DETAIL') &&
      can(user, 'can_read', 'Dataset') &&
      !disabled,
    drillBy:
      explore &&
      flagOn('DRILL_BY') &&
      behaviors.includes('DRILL_BY') &&
      can(user, 'can_write', 'ExploreFormDataRestApi'),
  };
}
