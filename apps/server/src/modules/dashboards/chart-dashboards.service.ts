import type { MetadataDb } from '../../db/kysely';
import { canChangeDashboards } from './dashboard-access';
import {
  chartDashboardIds,
  dashboardsOfCharts,
  findDashboards,
  removeChartsFromLayouts,
  setChartDashboards,
} from './dashboards.repo';

/**
 * This module's side of a chart's dashboards (the chart API's `dashboards` field, and deleting charts):
 * `dashboard_slices` and the layouts are ours. The composition root passes this object to the charts
 * module as `AppContext.chartDashboards`, which keeps charts from importing dashboards.
 */
export const chartDashboards = {
  dashboardIdsOfChart: chartDashboardIds,
  dashboardsOfCharts,
  existingDashboardIds: async (db: MetadataDb, ids: readonly number[]): Promise<number[]> =>
    (await findDashboards(db, ids)).map((row) => row.id),
  canChangeDashboards,
  setChartDashboards,
  removeChartsFromLayouts,
};
