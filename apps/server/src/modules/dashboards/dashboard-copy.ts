import { randomUUID } from 'node:crypto';
import { UNTITLED_DASHBOARD_TITLE, type DashboardCopy } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { toFlag } from '../../db/kysely';
import { forbidden } from '../../platform/errors';
import { findCharts, insertChart, setChartOwners } from '../charts/charts.repo';
import type { Principal } from '../security/principal';
import { visibleDashboard } from './dashboard-access';
import { remapLayout, remapMetadata, type ChartIdMap } from './dashboard-copy-remap';
import { checkedJsonMetadata, checkedLayoutCharts } from './dashboard-validation';
import {
  dashboardChartIds,
  findDashboard,
  insertDashboard,
  setDashboardCharts,
  setDashboardOwners,
} from './dashboards.repo';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * POST /api/v1/dashboard/{id_or_slug}/copy/ (reference §8.1): a new draft dashboard owned by the
 * caller, with the posted title, css and json_metadata. The layout is json_metadata.positions when the
 * client sends it (the editor's current layout), else the source's. With duplicate_slices every chart
 * is copied too (the caller owns the copies) and all chart ids in layout and metadata follow the copies.
 */
export async function copyDashboard(
  ctx: AppContext,
  principal: Principal,
  ref: unknown,
  input: DashboardCopy,
): Promise<{ id: number; last_modified_time: number }> {
  const db = ctx.store.db;
  const source = await visibleDashboard(ctx, principal, ref);
  const duplicate = input.duplicate_slices === true;
  if (duplicate && !principal.can('can_write', 'Chart')) throw forbidden();

  const { positions, ...metadata } = checkedJsonMetadata(input.json_metadata);
  const layoutText = isRecord(positions) ? JSON.stringify(positions) : source.position_json;
  const sourceCharts = await dashboardChartIds(db, source.id);
  const layoutCharts =
    layoutText === null ? [] : await checkedLayoutCharts(ctx, principal, layoutText, sourceCharts);
  const chartIds = layoutCharts.length > 0 ? layoutCharts : sourceCharts;
  const charts = await findCharts(db, chartIds);
  const me = principal.user.id;

  const id = await db.transaction().execute(async (trx) => {
    const copies = new Map<number, { id: number; uuid: string }>();
    if (duplicate) {
      for (const chart of charts) {
        const uuid = randomUUID();
        const copyId = await insertChart(trx, {
          uuid,
          slice_name: chart.slice_name,
          viz_type: chart.viz_type,
          datasource_id: chart.datasource_id,
          datasource_type: chart.datasource_type,
          params: chart.params,
          query_context: chart.query_context,
          description: chart.description,
          cache_timeout: chart.cache_timeout,
          certified_by: null,
          certification_details: null,
          is_managed_externally: toFlag(false),
          external_url: null,
          last_saved_at: null,
          last_saved_by_fk: null,
          created_by_fk: me,
          changed_by_fk: me,
        });
        await setChartOwners(trx, copyId, [me]);
        copies.set(chart.id, { id: copyId, uuid });
      }
    }
    const map: ChartIdMap = copies;
    const layout = layoutText === null ? null : (JSON.parse(layoutText) as unknown);
    const dashboardId = await insertDashboard(trx, {
      uuid: randomUUID(),
      dashboard_title:
        input.dashboard_title && input.dashboard_title.trim() !== ''
          ? input.dashboard_title
          : UNTITLED_DASHBOARD_TITLE,
      slug: null,
      position_json: isRecord(layout) ? JSON.stringify(remapLayout(layout, map)) : null,
      json_metadata: JSON.stringify(remapMetadata(metadata, map)),
      css: input.css ?? source.css,
      description: null,
      published: toFlag(false),
      certified_by: null,
      certification_details: null,
      is_managed_externally: toFlag(false),
      external_url: null,
      created_by_fk: me,
      changed_by_fk: me,
    });
    await setDashboardOwners(trx, dashboardId, [me]);
    await setDashboardCharts(
      trx,
      dashboardId,
      charts.map((chart) => copies.get(chart.id)?.id ?? chart.id),
    );
    return dashboardId;
  });
  const row = await findDashboard(db, id);
  return { id, last_modified_time: Math.floor(Date.parse(row?.changed_on ?? '') / 1000) };
}
