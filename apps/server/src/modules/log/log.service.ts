import {
  RECENT_ACTIVITY_DEFAULT_ACTIONS,
  type ListQuery,
  type LogRecord,
  type RecentActivityItem,
  type RecentActivityQuery,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { chartUrl } from '../charts/chart-dict';
import { humanizeSince } from '../databases/humanize';
import { dashboardUrl } from '../dashboards/dashboards.service';
import type { Principal } from '../security/principal';
import { findLogRecord, listLogRecords, recentRows } from './log.repo';

/** SUPERSET_LOG_VIEW off: the Action Log's API does not exist (events are still written). */
function requireLogView(ctx: AppContext): void {
  if (!ctx.config.constants.SUPERSET_LOG_VIEW) throw notFound();
}

export async function listLogs(
  ctx: AppContext,
  query: ListQuery,
): Promise<{ count: number; ids: number[]; result: LogRecord[] }> {
  requireLogView(ctx);
  const { count, rows } = await listLogRecords(ctx.store.db, query);
  return { count, ids: rows.map((row) => row.id), result: rows };
}

export async function showLog(ctx: AppContext, id: number): Promise<LogRecord> {
  requireLogView(ctx);
  const record = await findLogRecord(ctx.store.db, id);
  if (!record) throw notFound();
  return record;
}

/** The caller's own recents (the home page); only items that still exist. */
export async function recentActivity(
  ctx: AppContext,
  principal: Principal,
  query: RecentActivityQuery,
  now: number = Date.now(),
): Promise<{ result: RecentActivityItem[] }> {
  const rows = await recentRows(ctx.store.db, principal.user.id, {
    actions: query.actions ?? RECENT_ACTIVITY_DEFAULT_ACTIONS,
    distinct: query.distinct,
    page: query.page,
    pageSize: query.page_size,
  });
  return {
    result: rows.map((row) => ({
      action: row.action,
      item_type: row.item_type,
      item_url:
        row.item_type === 'slice' ? chartUrl(row.item_id) : dashboardUrl({ id: row.item_id, slug: row.slug }),
      item_title: row.title,
      time: Date.parse(row.dttm),
      time_delta_humanized: humanizeSince(row.dttm, now),
    })),
  };
}
