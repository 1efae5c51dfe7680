import { upgradeControlValues } from './control-values';
import { moveTimeColumn, upgradeTimeRange, type ChartParams } from './temporal-fields';
import { renameAndRemove, vizMigrationFor } from './viz-migrations';

/** A chart's type and params after upgrading what older Superset versions saved (issue #18). */
export interface UpgradedChart {
  vizType: string;
  params: Record<string, unknown>;
  /** True when anything was converted, so callers can tell the user or rewrite the row. */
  changed: boolean;
}

/**
 * Today's viz types whose x-axis older Superset versions (before GENERIC_CHART_AXES) took from the time
 * column: a chart of these saved with `granularity_sqla` and no `x_axis` gets the time column as x-axis.
 */
export const TIME_AXIS_VIZ_TYPES: ReadonlySet<string> = new Set([
  'echarts_timeseries',
  'echarts_timeseries_line',
  'echarts_timeseries_bar',
  'echarts_timeseries_scatter',
  'echarts_timeseries_smooth',
  'echarts_timeseries_step',
  'echarts_area',
  'mixed_timeseries',
  'big_number',
]);

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** Today's time-series chart saved with only the legacy time column: that column becomes the x-axis. */
function upgradeTimeAxis(vizType: string, params: ChartParams): ChartParams {
  if (!TIME_AXIS_VIZ_TYPES.has(vizType) || !isBlank(params.x_axis) || isBlank(params.granularity_sqla))
    return params;
  return moveTimeColumn(params, {
    hasXAxis: true,
    filterKeys: vizType === 'mixed_timeseries' ? ['adhoc_filters', 'adhoc_filters_b'] : ['adhoc_filters'],
  });
}

/**
 * Upgrades a chart saved by an older Superset version to today's form data: legacy viz types to
 * their ECharts equivalents and legacy fields (granularity_sqla without x_axis …) to today's.
 * Every place a chart is read, imported or opened calls this one function. It is pure and idempotent:
 * an upgraded chart passes through unchanged, so callers convert on read and never need to rewrite rows.
 * A type it does not know (and one Tessera does not draw) passes through for the caller to judge.
 */
export function upgradeLegacyChart(vizType: string, params: Record<string, unknown>): UpgradedChart {
  // The row's viz_type is the truth; params may carry a stale copy.
  let nextType = vizType;
  let next = upgradeControlValues(upgradeTimeRange(params));
  const migration = vizMigrationFor(vizType);
  if (migration !== undefined) {
    const prepared = migration.prepare(next);
    nextType = prepared.target ?? migration.target;
    next = moveTimeColumn(renameAndRemove(prepared.params, migration), migration);
  } else {
    next = upgradeTimeAxis(vizType, next);
  }
  if (next === params && nextType === vizType) return { vizType, params, changed: false };
  if ('viz_type' in params || nextType !== vizType) next = { ...next, viz_type: nextType };
  const changed = nextType !== vizType || JSON.stringify(next) !== JSON.stringify(params);
  return { vizType: nextType, params: changed ? next : params, changed };
}
