import type { AppContext } from '../../context';
import { findChart } from '../charts/charts.repo';
import type { Principal } from '../security/principal';
import { canSeeDashboard } from './dashboard-access';
import { dashboardChartIds, findDashboard } from './dashboards.repo';

export interface DashboardChartRef {
  dashboardId: number;
  sliceId: number;
}

/** `form_data.dashboardId` and `slice_id` of a chart data request, when both are ids. */
export function dashboardChartRefOf(
  formData: Record<string, unknown> | null | undefined,
): DashboardChartRef | null {
  const asId = (value: unknown): number | null => {
    const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
    return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
  };
  const dashboardId = asId(formData?.dashboardId ?? formData?.dashboard_id);
  const sliceId = asId(formData?.slice_id);
  return dashboardId === null || sliceId === null ? null : { dashboardId, sliceId };
}

/**
 * Superset authorises a dashboard's chart data through the dashboard: a viewer of the dashboard may
 * query the dataset of a chart that is on it, without access to that dataset of their own. True only
 * when the dashboard is visible to the caller, the chart is linked to it, and the chart draws from
 * exactly this dataset.
 */
export async function dashboardGrantsDataset(
  ctx: AppContext,
  principal: Principal,
  ref: DashboardChartRef,
  datasetId: number,
): Promise<boolean> {
  const chart = await findChart(ctx.store.db, ref.sliceId);
  if (chart?.datasource_type !== 'table' || chart.datasource_id !== datasetId) return false;
  const dashboard = await findDashboard(ctx.store.db, ref.dashboardId);
  if (!dashboard) return false;
  if (!(await dashboardChartIds(ctx.store.db, dashboard.id)).includes(chart.id)) return false;
  return canSeeDashboard(ctx, principal, dashboard);
}
