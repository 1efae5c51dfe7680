import type { AppContext } from '../../context';
import { messageError, notFound } from '../../platform/errors';
import { readableDataset, visibleChart } from '../charts/chart-access';
import type { ChartRow } from '../charts/charts.service';
import type { Principal } from '../security/principal';

/** `{id}__{type}` of form data, e.g. `12__table`. */
export function parseFormDataDatasource(value: unknown): { id: number; type: string } | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{1,15})__([a-z_]{1,20})$/.exec(value);
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 ? { id, type: match[2] ?? 'table' } : null;
}

/**
 * Explore state (cache entries, permalinks) names a datasource and maybe a chart: both must be readable,
 * else 404 as if they did not exist.
 */
export async function checkExploreAccess(
  ctx: AppContext,
  principal: Principal,
  datasource: { id: number; type: string },
  chartId: number | null,
): Promise<ChartRow | null> {
  const { readable } = await readableDataset(ctx, principal, datasource.id, datasource.type);
  if (!readable) throw notFound('Dataset not found');
  return chartId === null ? null : visibleChart(ctx, principal, chartId);
}

/** A positive integer slice id in form data, which clients send as a number or as text. */
export function sliceIdOf(formData: Record<string, unknown>): number | null {
  const raw = formData.slice_id;
  if (raw === undefined || raw === null || raw === '' || raw === 0) return null;
  const id =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0)
    throw messageError(400, { formData: ['slice_id must be a chart id.'] });
  return id;
}
