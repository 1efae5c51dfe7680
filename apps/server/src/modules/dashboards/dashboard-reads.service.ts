import type {
  Dashboard,
  DashboardChart,
  DashboardTabs,
  ExploreDatasource,
  ListQuery,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { chartUrl } from '../charts/chart-dict';
import { findCharts, readChartFormData } from '../charts/charts.service';
import { loadCachedExploreDatasource } from '../datasets/cached-explore-datasource';
import { addFavorite, removeFavorite, starredIds } from '../favorites/favorites.service';
import type { Choice, ChoicePage } from '../security/model-helpers';
import { pageOfChoices } from '../security/model-helpers';
import type { Principal } from '../security/principal';
import type { RelatedQuery } from '../security/related-users';
import { tagsOf } from '../tags/tags.service';
import { canSeeDashboard, visibleDashboard } from './dashboard-access';
import { toDashboard } from './dashboard-dict';
import { listDashboardViews } from './dashboard-list';
import { dashboardTabsOf } from './dashboard-tabs';
import {
  allRoleChoices,
  chartNamesOfDashboards,
  dashboardChartIds,
  dashboardOwners,
  dashboardRoles,
  findDashboards,
  findDashboardView,
  type DashboardView,
} from './dashboards.repo';

/** What the dashboard screens and lists read; every read goes through dashboard visibility. */

async function dashboardItems(ctx: AppContext, views: DashboardView[]): Promise<Dashboard[]> {
  const db = ctx.store.db;
  const ids = views.map((view) => view.id);
  const [owners, roles, charts, tags] = [
    await dashboardOwners(db, ids),
    await dashboardRoles(db, ids),
    await chartNamesOfDashboards(db, ids),
    await tagsOf(db, 'dashboard', ids),
  ];
  const now = Date.now();
  return views.map((view) =>
    toDashboard(
      view,
      {
        owners: owners.get(view.id) ?? [],
        roles: roles.get(view.id) ?? [],
        charts: charts.get(view.id) ?? [],
        tags: tags.get(view.id) ?? [],
        thumbnails: ctx.config.featureFlags.THUMBNAILS,
      },
      now,
    ),
  );
}

export async function listDashboards(
  ctx: AppContext,
  principal: Principal,
  query: ListQuery,
): Promise<{ count: number; ids: number[]; items: Dashboard[] }> {
  const { count, rows } = await listDashboardViews(ctx, query, principal);
  return { count, ids: rows.map((row) => row.id), items: await dashboardItems(ctx, rows) };
}

export async function showDashboard(ctx: AppContext, principal: Principal, ref: unknown): Promise<Dashboard> {
  const row = await visibleDashboard(ctx, principal, ref);
  const view = await findDashboardView(ctx.store.db, row.id);
  if (!view) throw notFound();
  const [item] = await dashboardItems(ctx, [view]);
  if (!item) throw notFound();
  return item;
}

/** `favorite_status`: 404 when none of the ids is a dashboard the caller sees. */
export async function dashboardFavoriteStatus(
  ctx: AppContext,
  principal: Principal,
  ids: readonly number[],
): Promise<{ id: number; value: boolean }[]> {
  const unique = [...new Set(ids)];
  const visible: number[] = [];
  for (const row of await findDashboards(ctx.store.db, unique)) {
    if (await canSeeDashboard(ctx, principal, row)) visible.push(row.id);
  }
  if (visible.length === 0) throw notFound();
  const starred = await starredIds(ctx.store.db, principal.user.id, 'Dashboard', visible);
  return unique.filter((id) => visible.includes(id)).map((id) => ({ id, value: starred.has(id) }));
}

export async function setDashboardFavorite(
  ctx: AppContext,
  principal: Principal,
  ref: unknown,
  starred: boolean,
): Promise<void> {
  const row = await visibleDashboard(ctx, principal, ref);
  if (starred) await addFavorite(ctx.store.db, principal.user.id, 'Dashboard', row.id);
  else await removeFavorite(ctx.store.db, principal.user.id, 'Dashboard', row.id);
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `/{id_or_slug}/charts`: the dashboard's charts; viewing the dashboard is what grants them. */
export async function dashboardCharts(
  ctx: AppContext,
  principal: Principal,
  ref: unknown,
): Promise<DashboardChart[]> {
  const row = await visibleDashboard(ctx, principal, ref);
  const charts = await findCharts(ctx.store.db, await dashboardChartIds(ctx.store.db, row.id));
  charts.sort((a, b) => a.id - b.id);
  return charts.map((chart) => {
    // Charts saved by older Superset versions run upgraded; broken params read as {} so the chart
    // still shows, with the ids the dashboard needs.
    const { vizType, formData } = readChartFormData(chart);
    return {
      id: chart.id,
      slice_name: chart.slice_name,
      cache_timeout: chart.cache_timeout,
      changed_on: chart.changed_on,
      description: chart.description,
      description_markeddown: escapeHtml(chart.description ?? ''),
      form_data: { ...formData, slice_id: chart.id },
      slice_url: chartUrl(chart.id),
      viz_type: vizType,
      datasource_id: chart.datasource_id,
      datasource_type: chart.datasource_type,
      certified_by: chart.certified_by,
      certification_details: chart.certification_details,
      is_managed_externally: chart.is_managed_externally === 1,
    };
  });
}

/**
 * `/{id_or_slug}/datasets`: the datasource of each chart, in the shape Explore reads. Like Superset,
 * a dashboard's viewers read the datasets its charts draw from even without dataset access.
 */
export async function dashboardDatasets(
  ctx: AppContext,
  principal: Principal,
  ref: unknown,
): Promise<ExploreDatasource[]> {
  const row = await visibleDashboard(ctx, principal, ref);
  const charts = await findCharts(ctx.store.db, await dashboardChartIds(ctx.store.db, row.id));
  const datasetIds = [
    ...new Set(
      charts.filter((chart) => chart.datasource_type === 'table').map((chart) => chart.datasource_id),
    ),
  ].sort((a, b) => a - b);
  const result: ExploreDatasource[] = [];
  for (const id of datasetIds) {
    const cached = await loadCachedExploreDatasource(ctx, id);
    if (cached) result.push(cached.datasource);
  }
  return result;
}

export async function dashboardTabs(
  ctx: AppContext,
  principal: Principal,
  ref: unknown,
): Promise<DashboardTabs> {
  const row = await visibleDashboard(ctx, principal, ref);
  return dashboardTabsOf(row.position_json);
}

/** `related/roles`: every role, as the dashboard properties' role picker lists them. */
export async function relatedRoles(ctx: AppContext, query: RelatedQuery): Promise<ChoicePage> {
  const choices: Choice[] = (await allRoleChoices(ctx.store.db)).map((role) => ({
    value: role.id,
    text: role.name,
  }));
  return pageOfChoices(choices, query);
}
