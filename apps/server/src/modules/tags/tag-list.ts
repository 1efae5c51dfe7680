import { TAG_TYPES, type ListQuery, type TagType } from '@tessera/contracts';
import { sql } from 'kysely';
import type { MetadataDb } from '../../db/kysely';
import { containsText, startsWithText } from '../../db/like';
import { filterFlag, filterId, filterIds, filterText, refuseFilter } from '../../db/list-filter-values';
import { pageOfList } from '../../db/paging';
import { selectTagViews, type TagView } from './tags.repo';

type ViewQuery = ReturnType<typeof selectTagViews>;

const ORDERABLE = {
  id: 't.id',
  name: 't.name',
  type: 't.type',
  changed_on: 't.changed_on',
  changed_on_delta_humanized: 't.changed_on',
  created_on: 't.created_on',
  created_on_delta_humanized: 't.created_on',
} as const;

const isTagType = (value: string): value is TagType => (TAG_TYPES as readonly string[]).includes(value);

/**
 * Filters of GET /api/v1/tag/: `name` ct/sw/eq; `type` eq, or `custom_tag` (!t: custom ones only, as
 * Superset's tag pickers ask); `id` in/eq; `created_by` rel_o_m, or `tag_created_by` (the caller's).
 */
function applyFilters(query: ViewQuery, filters: ListQuery['filters'], userId: number): ViewQuery {
  let q = query;
  for (const filter of filters) {
    const { col, opr } = filter;
    if (col === 'name' && opr === 'ct') q = q.where(containsText('t.name', filterText(filter)));
    else if (col === 'name' && opr === 'sw') q = q.where(startsWithText('t.name', filterText(filter)));
    else if (col === 'name' && opr === 'eq') q = q.where('t.name', '=', filterText(filter));
    else if (col === 'type' && opr === 'eq') {
      const type = filterText(filter);
      if (!isTagType(type)) refuseFilter(col, opr);
      q = q.where('t.type', '=', type);
    } else if (col === 'type' && opr === 'custom_tag') {
      q = q.where('t.type', filterFlag(filter) ? '=' : '!=', 'custom');
    } else if (col === 'id' && (opr === 'in' || opr === 'eq')) {
      const ids = filterIds(filter);
      q = ids.length === 0 ? q.where(sql<boolean>`1 = 0`) : q.where('t.id', 'in', ids);
    } else if (col === 'created_by' && opr === 'rel_o_m') {
      q = q.where('t.created_by_fk', '=', filterId(filter));
    } else if (col === 'created_by' && opr === 'tag_created_by') {
      if (filterFlag(filter)) q = q.where('t.created_by_fk', '=', userId);
    } else refuseFilter(col, opr);
  }
  return q;
}

/** List rows: filtered, ordered (default changed_on desc) and paged in SQL. */
export async function listTagViews(
  db: MetadataDb,
  query: ListQuery,
  userId: number,
): Promise<{ count: number; rows: TagView[] }> {
  const base = applyFilters(selectTagViews(db), query.filters, userId);
  return pageOfList(base, query, ORDERABLE, { defaultOrder: 'changed_on', idColumn: 't.id' });
}
