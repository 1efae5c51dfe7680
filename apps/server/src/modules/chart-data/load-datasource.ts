import type { ExploreDatasource } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import type { DatabaseRow } from '../databases/registry';
import { dashboardGrantsDataset, type DashboardChartRef } from '../dashboards/dashboard-chart-grant.service';
import { canSeeDataset } from '../datasets/dataset-access';
import { loadCachedExploreDatasource } from '../datasets/cached-explore-datasource';
import type { Principal } from '../security/principal';

export interface ChartDatasource {
  datasource: ExploreDatasource;
  database: DatabaseRow;
}

/** Whether the caller may read a dataset: readable (with it), missing, or there but not theirs. */
export type ChartDatasourceAccess =
  | { kind: 'readable'; source: ChartDatasource }
  | { kind: 'missing' }
  | { kind: 'denied'; datasourceName: string };

/**
 * The datasource of a query context (the dataset's semantic layer: columns, calculated columns,
 * metrics, cache timeout) and its database row, and whether the caller may read them. The rows come
 * from the per-process datasource cache (one stamp query when unchanged); access is checked here on
 * every request. A request made from a dashboard (`viaDashboard`) may also be allowed through it.
 */
export async function checkChartDatasource(
  ctx: AppContext,
  principal: Principal,
  id: number,
  viaDashboard: DashboardChartRef | null = null,
): Promise<ChartDatasourceAccess> {
  const cached = await loadCachedExploreDatasource(ctx, id);
  if (!cached) return { kind: 'missing' };
  const { datasource, database, ownerIds } = cached;
  // An embedded viewer reads exactly the datasets of its dashboards' charts and filters.
  if (principal.guest) {
    return principal.guest.datasetIds.includes(id)
      ? { kind: 'readable', source: { datasource, database } }
      : { kind: 'denied', datasourceName: datasource.datasource_name };
  }
  if (
    !canSeeDataset(principal, database, datasource, ownerIds) &&
    !(viaDashboard !== null && (await dashboardGrantsDataset(ctx, principal, viaDashboard, id)))
  ) {
    return { kind: 'denied', datasourceName: datasource.datasource_name };
  }
  return { kind: 'readable', source: { datasource, database } };
}

/** The readable datasource, or 404 whether it is missing or not the caller's (the chart data API). */
export async function loadChartDatasource(
  ctx: AppContext,
  principal: Principal,
  id: number,
  viaDashboard: DashboardChartRef | null = null,
): Promise<ChartDatasource> {
  const access = await checkChartDatasource(ctx, principal, id, viaDashboard);
  if (access.kind !== 'readable') throw notFound();
  return access.source;
}
