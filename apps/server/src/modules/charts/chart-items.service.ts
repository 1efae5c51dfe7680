import type { Chart, ListQuery } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { addFavorite, removeFavorite, starredIds } from '../favorites/favorites.service';
import type { Principal } from '../security/principal';
import { tagsOf } from '../tags/tags.service';
import { canSeeChart, visibleChart } from './chart-access';
import { toChart } from './chart-dict';
import { listChartViews } from './chart-list';
import { findCharts, findChartView, ownersOfCharts, type ChartView } from './charts.repo';

type ChartsContext = Pick<AppContext, 'store' | 'chartDashboards' | 'config'>;

async function chartItems(ctx: ChartsContext, views: ChartView[]): Promise<Chart[]> {
  const ids = views.map((view) => view.id);
  const owners = await ownersOfCharts(ctx.store.db, ids);
  const dashboards = await ctx.chartDashboards.dashboardsOfCharts(ctx.store.db, ids);
  const tags = await tagsOf(ctx.store.db, 'chart', ids);
  const now = Date.now();
  return views.map((view) =>
    toChart(
      view,
      {
        owners: owners.get(view.id) ?? [],
        dashboards: dashboards.get(view.id) ?? [],
        tags: tags.get(view.id) ?? [],
        thumbnails: ctx.config.featureFlags.THUMBNAILS,
      },
      now,
    ),
  );
}

/** GET /api/v1/chart/: the page of charts the caller may see. */
export async function listCharts(
  ctx: ChartsContext,
  principal: Principal,
  query: ListQuery,
): Promise<{ count: number; ids: number[]; items: Chart[] }> {
  const { count, rows } = await listChartViews(ctx.store.db, query, principal);
  return { count, ids: rows.map((row) => row.id), items: await chartItems(ctx, rows) };
}

/** GET /api/v1/chart/{id}: one chart the caller may see (else 404). */
export async function chartItem(ctx: AppContext, principal: Principal, id: number): Promise<Chart> {
  await visibleChart(ctx, principal, id);
  const view = await findChartView(ctx.store.db, id);
  if (!view) throw notFound();
  const [item] = await chartItems(ctx, [view]);
  if (!item) throw notFound();
  return item;
}

/** GET /api/v1/chart/favorite_status/: stars of the visible ones among `ids`; none visible is a 404. */
export async function chartFavoriteStatus(
  ctx: AppContext,
  principal: Principal,
  ids: readonly number[],
): Promise<{ id: number; value: boolean }[]> {
  const visible: number[] = [];
  for (const row of await findCharts(ctx.store.db, [...ids]))
    if (await canSeeChart(ctx, principal, row)) visible.push(row.id);
  if (visible.length === 0) throw notFound();
  const starred = await starredIds(ctx.store.db, principal.user.id, 'slice', visible);
  return ids.filter((id) => visible.includes(id)).map((id) => ({ id, value: starred.has(id) }));
}

/** Starring needs only read access, as in Superset (favorites map to can_read). */
export async function starChart(
  ctx: AppContext,
  principal: Principal,
  id: number,
  starred: boolean,
): Promise<void> {
  await visibleChart(ctx, principal, id);
  if (starred) await addFavorite(ctx.store.db, principal.user.id, 'slice', id);
  else await removeFavorite(ctx.store.db, principal.user.id, 'slice', id);
}
