import { sql, type Expression, type SqlBool } from 'kysely';
import { REPORT_MESSAGES } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { messageError, notFound } from '../../platform/errors';
import { canSeeAllDatasets } from '../datasets/dataset-access';
import type { Principal } from '../security/principal';
import { findReport, reportOwnerIds, type ReportRow } from './reports.repo';

/** Superset's ReportScheduleFilter: readers of every dataset (Admin, Alpha) see every schedule. */
export const canSeeAllReports = (principal: Principal): boolean =>
  principal.isAdmin || canSeeAllDatasets(principal);

/** The SQL form over `report_schedule as r` (null: everything visible): the ones they own or created. */
export function reportVisibilityCondition(principal: Principal): Expression<SqlBool> | null {
  if (canSeeAllReports(principal)) return null;
  const me = principal.user.id;
  return sql<SqlBool>`(r.created_by_fk = ${me}
    or r.id in (select report_schedule_id from report_schedule_owner where user_id = ${me}))`;
}

async function canSeeReport(ctx: AppContext, principal: Principal, row: ReportRow): Promise<boolean> {
  if (canSeeAllReports(principal) || row.created_by_fk === principal.user.id) return true;
  return ((await reportOwnerIds(ctx.store.db, [row.id])).get(row.id) ?? []).includes(principal.user.id);
}

/** A schedule the caller may see, or 404 as if it did not exist. */
export async function visibleReport(ctx: AppContext, principal: Principal, id: number): Promise<ReportRow> {
  const row = await findReport(ctx.store.db, id);
  if (!row || !(await canSeeReport(ctx, principal, row))) throw notFound();
  return row;
}

/** Owners (and Admin) change a schedule; others who see it get 403 (reference §10). */
export async function changeableReport(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<ReportRow> {
  const row = await visibleReport(ctx, principal, id);
  if (principal.isAdmin) return row;
  const owners = (await reportOwnerIds(ctx.store.db, [id])).get(id) ?? [];
  if (!owners.includes(principal.user.id)) throw messageError(403, REPORT_MESSAGES.forbidden);
  return row;
}
