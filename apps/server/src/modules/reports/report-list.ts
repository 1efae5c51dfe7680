import type { ListQuery } from '@tessera/contracts';
import { sql } from 'kysely';
import type { MetadataDb } from '../../db/kysely';
import { filterFlag, filterId, filterIds, filterText, refuseFilter } from '../../db/list-filter-values';
import { pageOfList } from '../../db/paging';
import type { Principal } from '../security/principal';
import { reportVisibilityCondition } from './report-access';
import { selectReportLogs, selectReportViews, type ReportLogRow, type ReportView } from './reports.repo';

type ViewQuery = ReturnType<typeof selectReportViews>;

const ORDERABLE = {
  id: 'r.id',
  name: 'r.name',
  type: 'r.type',
  active: 'r.active',
  description: 'r.description',
  crontab: 'r.crontab',
  creation_method: 'r.creation_method',
  last_eval_dttm: 'r.last_eval_dttm',
  last_state: 'r.last_state',
  created_on: 'r.created_on',
  changed_on: 'r.changed_on',
  changed_on_delta_humanized: 'r.changed_on',
  'created_by.first_name': 'cu.first_name',
  'changed_by.first_name': 'mu.first_name',
} as const;

/** Filters that compare one column with one value (eq). */
const EQ_COLUMNS = {
  chart_id: 'r.chart_id',
  dashboard_id: 'r.dashboard_id',
  database_id: 'r.database_id',
} as const;

const has = <T extends object>(map: T, key: string): key is Extract<keyof T, string> =>
  Object.prototype.hasOwnProperty.call(map, key);

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const likeOn = (column: string, pattern: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

/**
 * Filters of GET /api/v1/report/ (spec 001 §7: chart_id or dashboard_id, creation_method, created_by;
 * the list page adds type, active, owners and the name search).
 */
function applyFilters(query: ViewQuery, filters: ListQuery['filters']): ViewQuery {
  let q = query;
  for (const filter of filters) {
    const { col, opr } = filter;
    if (has(EQ_COLUMNS, col) && (opr === 'eq' || opr === 'rel_o_m')) {
      q = q.where(sql.ref(EQ_COLUMNS[col]), '=', filterId(filter));
    } else if ((col === 'chart' || col === 'dashboard' || col === 'database') && opr === 'rel_o_m') {
      q = q.where(sql.ref(EQ_COLUMNS[`${col}_id`]), '=', filterId(filter));
    } else if (col === 'creation_method' && opr === 'eq') {
      q = q.where(sql<string>`r.creation_method`, '=', filterText(filter));
    } else if (col === 'type' && opr === 'eq') {
      q = q.where(sql<string>`r.type`, '=', filterText(filter));
    } else if (col === 'last_state' && opr === 'eq') {
      q = q.where(sql<string>`r.last_state`, '=', filterText(filter));
    } else if (col === 'active' && opr === 'eq') {
      q = q.where('r.active', '=', filterFlag(filter) ? 1 : 0);
    } else if ((col === 'created_by' || col === 'changed_by') && (opr === 'rel_o_m' || opr === 'eq')) {
      q = q.where(col === 'created_by' ? 'r.created_by_fk' : 'r.changed_by_fk', '=', filterId(filter));
    } else if (col === 'owners' && opr === 'rel_m_m') {
      const ids = filterIds(filter);
      q = q.where(
        ids.length === 0
          ? sql<boolean>`1 = 0`
          : sql<boolean>`r.id in (select report_schedule_id from report_schedule_owner where user_id in (${sql.join(ids)}))`,
      );
    } else if (col === 'id' && (opr === 'in' || opr === 'eq')) {
      const ids = filterIds(filter);
      q = ids.length === 0 ? q.where(sql<boolean>`1 = 0`) : q.where('r.id', 'in', ids);
    } else if (col === 'name' && (opr === 'ct' || opr === 'sw' || opr === 'eq')) {
      const text = filterText(filter);
      if (opr === 'eq') q = q.where('r.name', '=', text);
      else {
        const escaped = escapeLike(text.toLowerCase());
        q = q.where(likeOn('r.name', opr === 'ct' ? `%${escaped}%` : `${escaped}%`));
      }
    } else if (opr === 'all_text') {
      const pattern = `%${escapeLike(filterText(filter).toLowerCase())}%`;
      q = q.where((eb) => eb.or([likeOn('r.name', pattern), likeOn('r.description', pattern)]));
    } else {
      refuseFilter(col, opr);
    }
  }
  return q;
}

/** List rows the caller sees: filtered, ordered (default changed_on desc) and paged in SQL. */
export async function listReportViews(
  db: MetadataDb,
  principal: Principal,
  query: ListQuery,
): Promise<{ count: number; rows: ReportView[] }> {
  let base = applyFilters(selectReportViews(db), query.filters);
  const visible = reportVisibilityCondition(principal);
  if (visible !== null) base = base.where(visible);
  return pageOfList(base, query, ORDERABLE, { defaultOrder: 'changed_on', idColumn: 'r.id' });
}

const LOG_ORDERABLE = {
  id: 'l.id',
  scheduled_dttm: 'l.scheduled_dttm',
  start_dttm: 'l.start_dttm',
  end_dttm: 'l.end_dttm',
  state: 'l.state',
  value: 'l.value',
} as const;

/** One schedule's execution log; filter `state` eq; default order start_dttm desc (Superset's). */
export async function listReportLogRows(
  db: MetadataDb,
  reportId: number,
  query: ListQuery,
): Promise<{ count: number; rows: ReportLogRow[] }> {
  let base = selectReportLogs(db, reportId);
  for (const filter of query.filters) {
    if (filter.col === 'state' && filter.opr === 'eq') {
      base = base.where(sql<string>`l.state`, '=', filterText(filter));
    } else {
      refuseFilter(filter.col, filter.opr);
    }
  }
  return pageOfList(base, query, LOG_ORDERABLE, { defaultOrder: 'start_dttm', idColumn: 'l.id' });
}
