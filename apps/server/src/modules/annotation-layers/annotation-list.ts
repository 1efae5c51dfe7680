import type { ListQuery } from '@tessera/contracts';
import { sql } from 'kysely';
import type { MetadataDb } from '../../db/kysely';
import { containsText, startsWithText } from '../../db/like';
import { filterId, filterIds, filterText, refuseFilter } from '../../db/list-filter-values';
import { pageOfList } from '../../db/paging';
import {
  selectAnnotationViews,
  selectLayerViews,
  type AnnotationLayerView,
  type AnnotationView,
} from './annotation-layers.repo';

type LayerQuery = ReturnType<typeof selectLayerViews>;
type AnnotationQuery = ReturnType<typeof selectAnnotationViews>;

const LAYER_ORDER = {
  id: 'l.id',
  name: 'l.name',
  descr: 'l.descr',
  changed_on: 'l.changed_on',
  changed_on_delta_humanized: 'l.changed_on',
  created_on: 'l.created_on',
  'created_by.first_name': 'cu.first_name',
  'changed_by.first_name': 'mu.first_name',
} as const;

const ANNOTATION_ORDER = {
  id: 'a.id',
  short_descr: 'a.short_descr',
  long_descr: 'a.long_descr',
  start_dttm: 'a.start_dttm',
  end_dttm: 'a.end_dttm',
  changed_on: 'a.changed_on',
  changed_on_delta_humanized: 'a.changed_on',
  created_on: 'a.created_on',
  'created_by.first_name': 'cu.first_name',
  'changed_by.first_name': 'mu.first_name',
} as const;

const none = sql<boolean>`1 = 0`;

/** Layer filters: name / descr (ct, sw, eq), created_by / changed_by (rel_o_m, eq), id (in, eq). */
function filterLayers(query: LayerQuery, filters: ListQuery['filters']): LayerQuery {
  let q = query;
  for (const filter of filters) {
    const { col, opr } = filter;
    if ((col === 'name' || col === 'descr') && (opr === 'ct' || opr === 'sw' || opr === 'eq')) {
      const text = filterText(filter);
      const column = `l.${col}`;
      if (opr === 'eq') q = q.where(sql.ref(column), '=', text);
      else q = q.where(opr === 'ct' ? containsText(column, text) : startsWithText(column, text));
    } else if ((col === 'created_by' || col === 'changed_by') && (opr === 'rel_o_m' || opr === 'eq')) {
      q = q.where(col === 'created_by' ? 'l.created_by_fk' : 'l.changed_by_fk', '=', filterId(filter));
    } else if (col === 'id' && (opr === 'in' || opr === 'eq')) {
      const ids = filterIds(filter);
      q = ids.length === 0 ? q.where(none) : q.where('l.id', 'in', ids);
    } else {
      refuseFilter(col, opr);
    }
  }
  return q;
}

/** Annotation filters: short_descr / long_descr (ct, sw, eq), id (in, eq). */
function filterAnnotations(query: AnnotationQuery, filters: ListQuery['filters']): AnnotationQuery {
  let q = query;
  for (const filter of filters) {
    const { col, opr } = filter;
    if ((col === 'short_descr' || col === 'long_descr') && (opr === 'ct' || opr === 'sw' || opr === 'eq')) {
      const text = filterText(filter);
      const column = `a.${col}`;
      if (opr === 'eq') q = q.where(sql.ref(column), '=', text);
      else q = q.where(opr === 'ct' ? containsText(column, text) : startsWithText(column, text));
    } else if (col === 'id' && (opr === 'in' || opr === 'eq')) {
      const ids = filterIds(filter);
      q = ids.length === 0 ? q.where(none) : q.where('a.id', 'in', ids);
    } else {
      refuseFilter(col, opr);
    }
  }
  return q;
}

/** GET /api/v1/annotation_layer/: filtered, ordered (default changed_on desc) and paged in SQL. */
export async function listLayerViews(
  db: MetadataDb,
  query: ListQuery,
): Promise<{ count: number; rows: AnnotationLayerView[] }> {
  const base = filterLayers(selectLayerViews(db), query.filters);
  return pageOfList(base, query, LAYER_ORDER, { defaultOrder: 'changed_on', idColumn: 'l.id' });
}

/** GET /api/v1/annotation_layer/{pk}/annotation/: one layer's annotations. */
export async function listAnnotationViews(
  db: MetadataDb,
  layerId: number,
  query: ListQuery,
): Promise<{ count: number; rows: AnnotationView[] }> {
  const base = filterAnnotations(selectAnnotationViews(db).where('a.layer_id', '=', layerId), query.filters);
  return pageOfList(base, query, ANNOTATION_ORDER, { defaultOrder: 'changed_on', idColumn: 'a.id' });
}
