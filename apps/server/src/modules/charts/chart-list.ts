import type { ListFilter, ListQuery } from '@tessera/contracts';
import { sql, type SqlBool } from 'kysely';
import type { MetadataDb } from '../../db/kysely';
import { containsText, startsWithText } from '../../db/like';
import { pageOfList } from '../../db/paging';
import { filterFlag, filterId, filterIds, filterText, refuseFilter } from '../../db/list-filter-values';
import type { Principal } from '../security/principal';
import { chartVisibilityCondition } from './chart-access';
import { selectChartViews, type ChartView } from './charts.repo';

type ViewQuery = ReturnType<typeof selectChartViews>;

const ORDERABLE = {
  id: 's.id',
  slice_name: 's.slice_name',
  viz_type: 's.viz_type',
  datasource_name: 't.table_name',
  changed_on: 's.changed_on',
  changed_on_delta_humanized: 's.changed_on',
  created_on: 's.created_on',
  last_saved_at: 's.last_saved_at',
  description: 's.description',
  cache_timeout: 's.cache_timeout',
} as const;

const inIds = (column: string, ids: number[]) =>
  ids.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${sql.ref(column)} in (${sql.join(ids)})`;

/** Filters of GET /api/v1/chart/ (spec 001 §7, contracts CHART_LIST_FILTERS). */
function applyFilter(query: ViewQuery, filter: ListFilter, principal: Principal): ViewQuery {
  const { col, opr } = filter;
  const me = principal.user.id;
  switch (`${col}|${opr}`) {
    case 'slice_name|chart_all_text': {
      const text = filterText(filter);
      if (text.trim() === '') return query;
      return query.where((eb) =>
        eb.or([
          containsText('s.slice_name', text),
          containsText('s.description', text),
          containsText('s.viz_type', text),
          containsText('t.table_name', text),
        ]),
      );
    }
    case 'slice_name|ct':
      return query.where(containsText('s.slice_name', filterText(filter)));
    case 'slice_name|sw':
      return query.where(startsWithText('s.slice_name', filterText(filter)));
    case 'slice_name|eq':
      return query.where('s.slice_name', '=', filterText(filter));
    case 'viz_type|eq':
      return query.where('s.viz_type', '=', filterText(filter));
    case 'viz_type|neq':
      return query.where('s.viz_type', '!=', filterText(filter));
    case 'viz_type|in': {
      const values = Array.isArray(filter.value) ? filter.value.map(String) : [filterText(filter)];
      return values.length === 0 ? query.where(sql<SqlBool>`1 = 0`) : query.where('s.viz_type', 'in', values);
    }
    case 'datasource_id|eq':
    case 'datasource_id|in':
      return query.where(inIds('s.datasource_id', filterIds(filter)));
    case 'id|eq':
    case 'id|in':
      return query.where(inIds('s.id', filterIds(filter)));
    case 'id|chart_is_favorite': {
      const starred = sql<SqlBool>`s.id in (select obj_id from favorites where class_name = 'slice' and user_id = ${me})`;
      return query.where(filterFlag(filter) ? starred : sql<SqlBool>`not (${starred})`);
    }
    case 'owners|rel_m_m': {
      const ids = filterIds(filter);
      if (ids.length === 0) return query.where(sql<SqlBool>`1 = 0`);
      return query.where(
        sql<SqlBool>`s.id in (select slice_id from slice_owners where user_id in (${sql.join(ids)}))`,
      );
    }
    case 'dashboards|rel_m_m': {
      const ids = filterIds(filter);
      if (ids.length === 0) return query.where(sql<SqlBool>`1 = 0`);
      return query.where(
        sql<SqlBool>`s.id in (select slice_id from dashboard_slices where dashboard_id in (${sql.join(ids)}))`,
      );
    }
    case 'created_by|chart_created_by_me':
      return query.where((eb) => eb.or([eb('s.created_by_fk', '=', me), eb('s.changed_by_fk', '=', me)]));
    case 'created_by|rel_o_m':
      return query.where('s.created_by_fk', '=', filterId(filter));
    default:
      return refuseFilter(col, opr);
  }
}

/** List rows the caller may see: filtered, ordered (default changed_on desc) and paged in SQL. */
export async function listChartViews(
  db: MetadataDb,
  query: ListQuery,
  principal: Principal,
): Promise<{ count: number; rows: ChartView[] }> {
  let base = selectChartViews(db);
  const visible = chartVisibilityCondition(principal);
  if (visible !== null) base = base.where(visible);
  for (const filter of query.filters) base = applyFilter(base, filter, principal);
  return pageOfList(base, query, ORDERABLE, { defaultOrder: 'changed_on', idColumn: 's.id' });
}

/** GET /api/v1/chart/distinct/viz_type: the viz types of the charts the caller sees, for list filters. */
export async function distinctVizTypes(db: MetadataDb, principal: Principal): Promise<string[]> {
  let query = db.selectFrom('slices as s').select('s.viz_type').distinct();
  const visible = chartVisibilityCondition(principal);
  if (visible !== null) query = query.where(visible);
  const rows = await query.orderBy('s.viz_type').execute();
  return rows.map((row) => row.viz_type);
}
