import type { ExploreDatasource } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import type { DatabaseRow } from '../databases/registry';
import { dashboardGrantsDataset, type DashboardChartRef } from '../dashboards/dashboard-chart-grant';
import { canSeeDataset } from '../datasets/dataset-access';
import { loadCachedExploreDatasource } from '../datasets/explore-datasource-cache';
import type { Principal } from '../security/principal';

export interface ChartDatasource {
  datasource: ExploreDatasource;
  database: DatabaseRow;
}

/**
 * The datasource of a query context (the dataset's semantic layer: columns, calculated columns,
 * metrics, cache timeout) and its database row, both readable by the caller, or 404. The rows come
 * from the per-process datasource cache (one stamp query when unchanged); access is checked here on
 * every request. A request made from a dashboard (`viaDashboard`) may also be allowed through it.
 */
export async function loadChartDatasource(
  ctx: AppContext,
  principal: Principal,
  id: number,
  viaDashboard: DashboardChartRef | null = null,
): Promise<ChartDatasource> {
  const cached = await loadCachedExploreDatasource(ctx, id);
  if (!cached) throw notFound();
  const { datasource, database, ownerIds } = cached;
  if (
    !canSeeDataset(principal, database, datasource, ownerIds) &&
    !(viaDashboard !== null && (await dashboardGrantsDataset(ctx, principal, viaDashboard, id)))
  ) {
    throw notFound();
  }
  return { datasource, database };
}
