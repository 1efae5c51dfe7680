import {
  DASHBOARD_VERSION_KEY,
  dashboardJsonMetadataSchema,
  type DashboardJsonMetadata,
} from '@tessera/contracts';
import { validateDashboardLayout } from '@tessera/core';
import type { AppContext } from '../../context';
import { messageError } from '../../platform/errors';
import { canSeeChart } from '../charts/chart-access';
import { findCharts } from '../charts/charts.service';
import type { Principal } from '../security/principal';

/**
 * Checks made before any dashboard write (spec 001 §5, reference §8.2–8.3). Text fields arrive already
 * checked by the contracts to be JSON objects within their length caps; these are the deeper rules.
 */

function parsed(text: string): unknown {
  return JSON.parse(text);
}

/** An object with no components (a new dashboard's `{}` or just the version key) is an empty layout. */
function isEmptyLayout(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).every((key) => key === DASHBOARD_VERSION_KEY)
  );
}

/**
 * The chart ids of a valid layout: a tree the dashboard can draw (validateDashboardLayout) whose charts
 * all exist and are readable by the caller, or were already on the dashboard (`linked`: a co-owner may
 * keep a chart they cannot read, but not add one). 400 `{position_json: [problems]}` otherwise.
 */
export async function checkedLayoutCharts(
  ctx: AppContext,
  principal: Principal,
  positionJson: string,
  linked: readonly number[] = [],
): Promise<number[]> {
  const value = parsed(positionJson);
  if (isEmptyLayout(value)) return [];
  const check = validateDashboardLayout(value);
  if (!check.ok) throw messageError(400, { position_json: check.problems });
  const found = await findCharts(ctx.store.db, check.chartIds);
  const usable = new Set<number>();
  for (const chart of found) {
    if (linked.includes(chart.id) || (await canSeeChart(ctx, principal, chart))) usable.add(chart.id);
  }
  const missing = check.chartIds.filter((id) => !usable.has(id));
  if (missing.length > 0) {
    throw messageError(400, {
      position_json: missing.map((id) => `The layout holds chart ${id}, which does not exist.`),
    });
  }
  return check.chartIds;
}

/** json_metadata must hold only the known keys with their types; 400 `{json_metadata: [...]}` otherwise. */
export function checkedJsonMetadata(jsonMetadata: string): DashboardJsonMetadata {
  const result = dashboardJsonMetadataSchema.safeParse(parsed(jsonMetadata));
  if (!result.success) {
    throw messageError(400, {
      json_metadata: result.error.issues
        .slice(0, 20)
        .map((issue) =>
          issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
        ),
    });
  }
  return result.data;
}

/**
 * Stored JSON text (json_metadata, position_json) as an object to start a change from; text from
 * before validation existed, or broken, gives an empty object.
 */
export function storedObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
  } catch {
    return {};
  }
}
