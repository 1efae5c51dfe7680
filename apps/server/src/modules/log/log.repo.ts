import type { ListQuery, LogRecord } from '@tessera/contracts';
import { sql } from 'kysely';
import type { MetadataDb } from '../../db/kysely';
import { containsText, startsWithText } from '../../db/like';
import { filterId, filterIds, filterText, refuseFilter } from '../../db/list-filter-values';
import { pageOfList } from '../../db/paging';

function selectLogViews(db: MetadataDb) {
  return db
    .selectFrom('logs as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .select([
      'l.id',
      'l.action',
      'l.user_id',
      'u.username',
      'l.dashboard_id',
      'l.slice_id',
      'l.json',
      'l.dttm',
      'l.duration_ms',
      'l.referrer',
    ]);
}
type LogViewQuery = ReturnType<typeof selectLogViews>;
type LogView = Awaited<ReturnType<LogViewQuery['executeTakeFirstOrThrow']>>;

const toRecord = (view: LogView): LogRecord => ({
  id: view.id,
  action: view.action,
  user_id: view.user_id,
  user: view.username === null ? null : { username: view.username },
  dashboard_id: view.dashboard_id,
  slice_id: view.slice_id,
  json: view.json,
  dttm: view.dttm,
  duration_ms: view.duration_ms,
  referrer: view.referrer,
});

const ORDERABLE = {
  id: 'l.id',
  action: 'l.action',
  dttm: 'l.dttm',
  duration_ms: 'l.duration_ms',
  user_id: 'l.user_id',
  'user.username': 'u.username',
  dashboard_id: 'l.dashboard_id',
  slice_id: 'l.slice_id',
} as const;

const TEXT_COLUMNS: Readonly<Record<string, string>> = {
  action: 'l.action',
  json: 'l.json',
  referrer: 'l.referrer',
  'user.username': 'u.username',
};

const ID_COLUMNS: Readonly<Record<string, 'l.user_id' | 'l.dashboard_id' | 'l.slice_id' | 'l.id'>> = {
  user: 'l.user_id',
  user_id: 'l.user_id',
  dashboard_id: 'l.dashboard_id',
  slice_id: 'l.slice_id',
  id: 'l.id',
};

/**
 * Filters of GET /api/v1/log/: text columns with ct / sw / eq, ids with eq / rel_o_m / in, the time
 * with gt / lt on ISO strings (stored dttm is ISO UTC, so text order is time order).
 */
function applyFilters(query: LogViewQuery, filters: ListQuery['filters']): LogViewQuery {
  let q = query;
  for (const filter of filters) {
    const { col, opr } = filter;
    const text = Object.hasOwn(TEXT_COLUMNS, col) ? TEXT_COLUMNS[col] : undefined;
    const idColumn = Object.hasOwn(ID_COLUMNS, col) ? ID_COLUMNS[col] : undefined;
    if (text !== undefined && opr === 'ct') q = q.where(containsText(text, filterText(filter)));
    else if (text !== undefined && opr === 'sw') q = q.where(startsWithText(text, filterText(filter)));
    else if (text !== undefined && opr === 'eq') q = q.where(sql.ref(text), '=', filterText(filter));
    else if (idColumn !== undefined && (opr === 'eq' || opr === 'rel_o_m'))
      q = q.where(idColumn, '=', filterId(filter));
    else if (idColumn !== undefined && opr === 'in') {
      const ids = filterIds(filter);
      q = ids.length === 0 ? q.where(sql<boolean>`1 = 0`) : q.where(idColumn, 'in', ids);
    } else if (col === 'dttm' && (opr === 'gt' || opr === 'lt')) {
      const at = Date.parse(filterText(filter));
      if (Number.isNaN(at)) refuseFilter(col, opr);
      q = q.where('l.dttm', opr === 'gt' ? '>' : '<', new Date(at).toISOString());
    } else refuseFilter(col, opr);
  }
  return q;
}

export async function listLogRecords(
  db: MetadataDb,
  query: ListQuery,
): Promise<{ count: number; rows: LogRecord[] }> {
  const base = applyFilters(selectLogViews(db), query.filters);
  const { count, rows } = await pageOfList(base, query, ORDERABLE, {
    defaultOrder: 'dttm',
    idColumn: 'l.id',
  });
  return { count, rows: rows.map(toRecord) };
}

export async function findLogRecord(db: MetadataDb, id: number): Promise<LogRecord | null> {
  const view = await selectLogViews(db).where('l.id', '=', id).executeTakeFirst();
  return view ? toRecord(view) : null;
}

export interface RecentRow {
  item_type: 'dashboard' | 'slice';
  item_id: number;
  action: string;
  dttm: string;
  title: string;
  slug: string | null;
}

/**
 * A user's latest rows of the given actions that name a dashboard or a chart still there: a row with
 * a slice_id is about the chart (even when it also names its dashboard), otherwise about the dashboard.
 * `distinct` keeps each item's latest row only.
 */
export async function recentRows(
  db: MetadataDb,
  userId: number,
  options: { actions: readonly string[]; distinct: boolean; page: number; pageSize: number },
): Promise<RecentRow[]> {
  const base = db
    .selectFrom('logs as l')
    .leftJoin('slices as s', 's.id', 'l.slice_id')
    .leftJoin('dashboards as d', (join) =>
      join.onRef('d.id', '=', 'l.dashboard_id').on('l.slice_id', 'is', null),
    )
    .where('l.user_id', '=', userId)
    .where('l.action', 'in', [...options.actions])
    .where((eb) => eb.or([eb('s.id', 'is not', null), eb('d.id', 'is not', null)]));
  const rows = options.distinct
    ? await base
        .select([
          sql<string>`case when l.slice_id is null then 'dashboard' else 'slice' end`.as('item_type'),
          sql<number | string>`coalesce(s.id, d.id)`.as('item_id'),
          sql<string>`max(l.action)`.as('action'),
          sql<string>`max(l.dttm)`.as('dttm'),
          sql<string>`max(coalesce(s.slice_name, d.dashboard_title))`.as('title'),
          sql<string | null>`max(d.slug)`.as('slug'),
        ])
        .groupBy([
          sql`case when l.slice_id is null then 'dashboard' else 'slice' end`,
          sql`coalesce(s.id, d.id)`,
        ])
        .orderBy(sql`max(l.dttm)`, 'desc')
        .limit(options.pageSize)
        .offset(options.page * options.pageSize)
        .execute()
    : await base
        .select([
          sql<string>`case when l.slice_id is null then 'dashboard' else 'slice' end`.as('item_type'),
          sql<number | string>`coalesce(s.id, d.id)`.as('item_id'),
          'l.action',
          'l.dttm',
          sql<string>`coalesce(s.slice_name, d.dashboard_title)`.as('title'),
          'd.slug',
        ])
        .orderBy('l.dttm', 'desc')
        .orderBy('l.id', 'desc')
        .limit(options.pageSize)
        .offset(options.page * options.pageSize)
        .execute();
  return rows.map((row) => ({
    item_type: row.item_type === 'slice' ? 'slice' : 'dashboard',
    // Typed loosely: a driver may hand back the coalesce() of integers as text.
    item_id: Number(row.item_id),
    action: row.action,
    dttm: row.dttm,
    title: row.title,
    slug: row.slug,
  }));
}

/** Deletes rows older than `before` (ISO); returns how many went. */
export async function deleteLogsBefore(db: MetadataDb, before: string): Promise<number> {
  const result = await db.deleteFrom('logs').where('dttm', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
