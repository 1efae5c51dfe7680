import { randomUUID } from 'node:crypto';
import type { ChartCreate, ChartUpdate } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { nowIso, toFlag } from '../../db/kysely';
import { forbidden, messageError, notFound } from '../../platform/errors';
import { removeFavoritesOf } from '../favorites/favorites.service';
import { resolveOwners } from '../security/owners';
import type { Principal } from '../security/principal';
import { removeTagsOf, replaceObjectTags, requireTagWriter, resolveTagRefs } from '../tags/tags.service';
import { canChangeChart, changeableChart, readableDataset, visibleChart } from './chart-access';
import {
  chartOwnerIds,
  deleteCharts,
  findChart,
  findCharts,
  insertChart,
  setChartOwners,
  updateChart,
  type ChartPatch,
  type ChartRow,
} from './charts.repo';

export interface StoredChart {
  row: ChartRow;
  owners: number[];
  dashboards: number[];
}

/** Datasets are stored under Superset's 'table' type whichever alias the client used. */
const storedDatasourceType = (type: string): string => (type === 'dataset' ? 'table' : type);

async function checkDatasource(
  ctx: AppContext,
  principal: Principal,
  id: number,
  type: string,
): Promise<void> {
  const { readable } = await readableDataset(ctx, principal, id, type);
  if (!readable) throw messageError(422, { datasource_id: ['Datasource does not exist'] });
}

/** Dashboards a chart joins or leaves must exist (422) and be editable by the caller (403). */
async function checkDashboards(ctx: AppContext, principal: Principal, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const found = await ctx.chartDashboards.existingDashboardIds(ctx.store.db, unique);
  if (found.length !== unique.length) throw messageError(422, { dashboards: ['Dashboards do not exist'] });
  if (!(await ctx.chartDashboards.canChangeDashboards(ctx.store.db, principal, unique))) {
    throw messageError(403, 'Changing one or more of these dashboards is forbidden');
  }
}

/** The viz type of a chart created without one: the params' own, else a table (spec 001 §5). */
function vizTypeOf(input: ChartCreate): string {
  if (input.viz_type !== undefined) return input.viz_type;
  if (input.params) {
    const params: unknown = JSON.parse(input.params);
    if (
      typeof params === 'object' &&
      params !== null &&
      'viz_type' in params &&
      typeof params.viz_type === 'string' &&
      params.viz_type !== ''
    ) {
      return params.viz_type;
    }
  }
  return 'table';
}

async function stored(ctx: AppContext, id: number): Promise<StoredChart> {
  const row = await findChart(ctx.store.db, id);
  if (!row) throw notFound();
  return {
    row,
    owners: await chartOwnerIds(ctx.store.db, id),
    dashboards: await ctx.chartDashboards.dashboardIdsOfChart(ctx.store.db, id),
  };
}

export async function createChart(
  ctx: AppContext,
  principal: Principal,
  input: ChartCreate,
): Promise<StoredChart> {
  await checkDatasource(ctx, principal, input.datasource_id, input.datasource_type);
  const dashboards = [...new Set(input.dashboards ?? [])];
  await checkDashboards(ctx, principal, dashboards);
  const owners = await resolveOwners(ctx.store.db, principal, input.owners, 'create');
  const now = nowIso();
  const userId = principal.user.id;
  const id = await ctx.store.db.transaction().execute(async (trx) => {
    const chartId = await insertChart(trx, {
      uuid: randomUUID(),
      slice_name: input.slice_name,
      viz_type: vizTypeOf(input),
      datasource_id: input.datasource_id,
      datasource_type: storedDatasourceType(input.datasource_type),
      params: input.params ?? '{}',
      query_context: input.query_context ?? null,
      description: input.description ?? null,
      cache_timeout: input.cache_timeout ?? null,
      certified_by: input.certified_by ?? null,
      certification_details: input.certified_by ? (input.certification_details ?? null) : null,
      is_managed_externally: toFlag(input.is_managed_externally ?? false),
      external_url: input.external_url ?? null,
      last_saved_at: now,
      last_saved_by_fk: userId,
      created_by_fk: userId,
      changed_by_fk: userId,
    });
    await setChartOwners(trx, chartId, owners);
    const row = await findChart(trx, chartId);
    if (!row) throw notFound();
    await ctx.chartDashboards.setChartDashboards(trx, row, dashboards);
    return chartId;
  });
  return stored(ctx, id);
}

export async function changeChart(
  ctx: AppContext,
  principal: Principal,
  id: number,
  input: ChartUpdate,
): Promise<StoredChart> {
  const current = await changeableChart(ctx, principal, id);
  const datasourceId = input.datasource_id ?? current.datasource_id;
  const datasourceType = input.datasource_type ?? current.datasource_type;
  if (input.datasource_id !== undefined || input.datasource_type !== undefined) {
    await checkDatasource(ctx, principal, datasourceId, datasourceType);
  }
  let dashboards: number[] | undefined;
  if (input.dashboards !== undefined) {
    dashboards = [...new Set(input.dashboards)];
    const before = await ctx.chartDashboards.dashboardIdsOfChart(ctx.store.db, id);
    const changing = [
      ...dashboards.filter((d) => !before.includes(d)),
      ...before.filter((d) => !dashboards?.includes(d)),
    ];
    await checkDashboards(ctx, principal, changing);
  }
  const owners =
    input.owners === undefined
      ? undefined
      : await resolveOwners(ctx.store.db, principal, input.owners, 'update');
  // Without TAGGING_SYSTEM `tags` is accepted and ignored, as Superset does.
  const tags = ctx.config.featureFlags.TAGGING_SYSTEM ? input.tags : undefined;
  if (tags !== undefined) requireTagWriter(principal);

  const patch: ChartPatch = { changed_by_fk: principal.user.id };
  if (input.slice_name !== undefined) patch.slice_name = input.slice_name;
  if (input.viz_type !== undefined) patch.viz_type = input.viz_type;
  if (input.datasource_id !== undefined) patch.datasource_id = input.datasource_id;
  if (input.datasource_type !== undefined)
    patch.datasource_type = storedDatasourceType(input.datasource_type);
  if (input.params !== undefined) patch.params = input.params ?? '{}';
  if (input.query_context !== undefined) patch.query_context = input.query_context;
  if (input.description !== undefined) patch.description = input.description;
  if (input.cache_timeout !== undefined) patch.cache_timeout = input.cache_timeout;
  if (input.certified_by !== undefined) {
    patch.certified_by = input.certified_by;
    if (!input.certified_by) patch.certification_details = null;
  }
  if (input.certification_details !== undefined && (input.certified_by ?? current.certified_by)) {
    patch.certification_details = input.certification_details;
  }
  if (input.is_managed_externally !== undefined)
    patch.is_managed_externally = toFlag(input.is_managed_externally ?? false);
  if (input.external_url !== undefined) patch.external_url = input.external_url;
  // A query context the client generated in the background is not a save by the user.
  if (input.query_context_generation !== true) {
    patch.last_saved_at = nowIso();
    patch.last_saved_by_fk = principal.user.id;
  }
  await ctx.store.db.transaction().execute(async (trx) => {
    await updateChart(trx, id, patch);
    if (owners !== undefined) await setChartOwners(trx, id, owners);
    const row = await findChart(trx, id);
    if (row && dashboards !== undefined) await ctx.chartDashboards.setChartDashboards(trx, row, dashboards);
    if (tags !== undefined) {
      const tagIds = await resolveTagRefs(trx, tags, principal.user.id);
      await replaceObjectTags(trx, 'chart', id, tagIds, principal.user.id);
    }
  });
  return stored(ctx, id);
}

/**
 * Deletes the charts, their stars and their places in dashboard layouts, all or nothing; refused (422)
 * while an alert or report uses one.
 */
async function removeCharts(ctx: AppContext, ids: readonly number[]): Promise<void> {
  await ctx.store.db.transaction().execute(async (trx) => {
    await ctx.reportReferences.refuseIfReferenced(trx, 'chart', ids);
    await ctx.chartDashboards.removeChartsFromLayouts(trx, ids);
    await removeFavoritesOf(trx, 'slice', ids);
    await removeTagsOf(trx, 'chart', ids);
    await deleteCharts(trx, ids);
  });
}

export async function deleteChart(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  await changeableChart(ctx, principal, id);
  await removeCharts(ctx, [id]);
}

/** Bulk delete: any id the caller cannot see is a 404, any they do not own a 403; then nothing changes. */
export async function deleteChartsInBulk(
  ctx: AppContext,
  principal: Principal,
  ids: readonly number[],
): Promise<number> {
  const unique = [...new Set(ids)];
  const rows = await findCharts(ctx.store.db, unique);
  if (rows.length !== unique.length) throw notFound();
  for (const row of rows) await visibleChart(ctx, principal, row.id);
  for (const row of rows) if (!(await canChangeChart(ctx, principal, row.id))) throw forbidden();
  await removeCharts(ctx, unique);
  return unique.length;
}

// Row reads and writes other modules need as they are (no rules of this module apply to them).
export {
  chartOwnerIds,
  findChart,
  findCharts,
  findChartView,
  insertChart,
  setChartOwners,
  type ChartRow,
  type ChartView,
} from './charts.repo';

// How a saved chart's params read as today's form data (legacy charts upgraded on read).
export { parseChartParams, readChartFormData, upgradeFormData } from './chart-form-data';
