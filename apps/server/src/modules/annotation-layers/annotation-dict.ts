import type { Annotation, AnnotationLayer } from '@tessera/contracts';
import { humanizeSince } from '../databases/humanize';
import type {
  AnnotationLayerRow,
  AnnotationLayerView,
  AnnotationRow,
  AnnotationView,
} from './annotation-layers.repo';

type UserRef = AnnotationLayer['created_by'];

function userRef(id: number | null, firstName: string | null, lastName: string | null): UserRef {
  if (id === null || firstName === null || lastName === null) return null;
  return { id, first_name: firstName, last_name: lastName };
}

/** The list and show form of a layer. */
export function toAnnotationLayer(view: AnnotationLayerView, now: number = Date.now()): AnnotationLayer {
  return {
    id: view.id,
    name: view.name,
    descr: view.descr,
    created_by: userRef(view.created_by_fk, view.created_first_name, view.created_last_name),
    changed_by: userRef(view.changed_by_fk, view.changed_first_name, view.changed_last_name),
    created_on: view.created_on,
    changed_on: view.changed_on,
    changed_on_delta_humanized: humanizeSince(view.changed_on, now),
  };
}

/** The list and show form of an annotation. */
export function toAnnotation(view: AnnotationView, now: number = Date.now()): Annotation {
  return {
    id: view.id,
    layer: { id: view.layer_id, name: view.layer_name },
    short_descr: view.short_descr,
    long_descr: view.long_descr,
    start_dttm: view.start_dttm,
    end_dttm: view.end_dttm,
    json_metadata: view.json_metadata,
    created_by: userRef(view.created_by_fk, view.created_first_name, view.created_last_name),
    changed_by: userRef(view.changed_by_fk, view.changed_first_name, view.changed_last_name),
    changed_on_delta_humanized: humanizeSince(view.changed_on, now),
  };
}

/** What POST and PUT of a layer answer: the stored writable columns. */
export const layerWriteResponse = (row: AnnotationLayerRow) => ({
  id: row.id,
  result: { name: row.name, descr: row.descr },
});

/** What POST and PUT of an annotation answer: the stored writable columns. */
export const annotationWriteResponse = (row: AnnotationRow) => ({
  id: row.id,
  result: {
    short_descr: row.short_descr,
    long_descr: row.long_descr,
    start_dttm: row.start_dttm,
    end_dttm: row.end_dttm,
    json_metadata: row.json_metadata,
  },
});
