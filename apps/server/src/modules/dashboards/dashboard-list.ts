import type { ListFilter, ListQuery } from '@tessera/contracts';
import { sql, type SqlBool } from 'kysely';
import type { AppContext } from '../../context';
import { containsText } from '../../db/like';
import { pageOfList } from '../../db/paging';
import { filterFlag, filterIds, filterText, refuseFilter } from '../../db/list-filter-values';
import type { Principal } from '../security/principal';
import { dashboardVisibilityCondition } from './dashboard-access';
import { selectDashboardViews, type DashboardView } from './dashboards.repo';

type ViewQuery = ReturnType<typeof selectDashboardViews>;

const ORDERABLE = {
  id: 'd.id',
  dashboard_title: 'd.dashboard_title',
  slug: 'd.slug',
  published: 'd.published',
  changed_on: 'd.changed_on',
  changed_on_delta_humanized: 'd.changed_on',
  created_on: 'd.created_on',
} as const;

const none = sql<SqlBool>`1 = 0`;

function applyFilter(query: ViewQuery, filter: ListFilter, principal: Principal): ViewQuery {
  const me = principal.user.id;
  switch (`${filter.col}|${filter.opr}`) {
    case 'dashboard_title|ct':
      return query.where(containsText('d.dashboard_title', filterText(filter)));
    case 'dashboard_title|eq':
      return query.where('d.dashboard_title', '=', filterText(filter));
    case 'dashboard_title|title_or_slug': {
      const text = filterText(filter);
      return query.where((eb) =>
        eb.or([containsText('d.dashboard_title', text), containsText('d.slug', text)]),
      );
    }
    case 'slug|eq':
      return query.where('d.slug', '=', filterText(filter));
    case 'published|eq':
      return query.where('d.published', '=', filterFlag(filter) ? 1 : 0);
    case 'id|eq':
    case 'id|in': {
      const ids = filterIds(filter);
      return query.where(ids.length === 0 ? none : sql<SqlBool>`d.id in (${sql.join(ids)})`);
    }
    case 'id|dashboard_is_favorite': {
      const starred = sql<SqlBool>`d.id in (select obj_id from favorites where class_name = 'Dashboard' and user_id = ${me})`;
      return query.where(filterFlag(filter) ? starred : sql<SqlBool>`not (${starred})`);
    }
    case 'id|dashboard_is_certified': {
      const certified = sql<SqlBool>`(d.certified_by is not null and d.certified_by <> '')`;
      return query.where(filterFlag(filter) ? certified : sql<SqlBool>`not ${certified}`);
    }
    case 'owners|rel_m_m': {
      const ids = filterIds(filter);
      if (ids.length === 0) return query.where(none);
      return query.where(
        sql<SqlBool>`d.id in (select dashboard_id from dashboard_owners where user_id in (${sql.join(ids)}))`,
      );
    }
    case 'created_by|dashboard_created_by_me':
      return query.where((eb) => eb.or([eb('d.created_by_fk', '=', me), eb('d.changed_by_fk', '=', me)]));
    case 'created_by|rel_o_m': {
      const [id] = filterIds(filter);
      return query.where('d.created_by_fk', '=', id ?? 0);
    }
    default:
      return refuseFilter(filter.col, filter.opr);
  }
}

export async function listDashboardViews(
  ctx: AppContext,
  query: ListQuery,
  principal: Principal,
): Promise<{ count: number; rows: DashboardView[] }> {
  let base = selectDashboardViews(ctx.store.db);
  const visible = dashboardVisibilityCondition(ctx, principal);
  if (visible !== null) base = base.where(visible);
  for (const filter of query.filters) base = applyFilter(base, filter, principal);
  return pageOfList(base, query, ORDERABLE, { defaultOrder: 'changed_on', idColumn: 'd.id' });
}
