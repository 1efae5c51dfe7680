import type { AppContext } from '../../context';
import { findCharts } from '../charts/charts.service';
import type { Principal } from '../security/principal';
import { visibleDashboard } from './dashboard-access';
import { dashboardChartIds } from './dashboards.repo';

/**
 * The API reads the dashboard page makes before its first chart can ask for data, as the page itself
 * spells them (by numeric id, whatever the URL said): the dashboard, its charts and each chart's
 * datasource. Listed as preloads in the page's HTML, they run while the app's code downloads and
 * starts, instead of one after another once it has. Empty when the caller cannot see the dashboard, so
 * the HTML tells nobody more than the API would. `vizTypes` are the chart types the page will draw, so
 * their code can be preloaded as well.
 */
export async function dashboardPagePreloads(
  ctx: AppContext,
  principal: Principal,
  idOrSlug: string,
): Promise<{ reads: string[]; vizTypes: string[] }> {
  let dashboardId: number;
  try {
    dashboardId = (await visibleDashboard(ctx, principal, idOrSlug)).id;
  } catch {
    return { reads: [], vizTypes: [] };
  }
  const charts = await findCharts(ctx.store.db, await dashboardChartIds(ctx.store.db, dashboardId));
  const datasourceKeys = [
    ...new Set(charts.map((chart) => `${String(chart.datasource_id)}__${chart.datasource_type}`)),
  ];
  const reads = [
    `/api/v1/dashboard/${String(dashboardId)}`,
    `/api/v1/dashboard/${String(dashboardId)}/charts`,
    ...datasourceKeys.map(
      (key) => `/superset/fetch_datasource_metadata?datasourceKey=${encodeURIComponent(key)}`,
    ),
  ];
  return { reads, vizTypes: [...new Set(charts.map((chart) => chart.viz_type))] };
}
