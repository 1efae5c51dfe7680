import type { Tag } from '@tessera/contracts';
import { humanizeSince } from '../databases/humanize';
import type { TagView } from './tags.repo';

function userRef(id: number | null, first: string | null, last: string | null) {
  if (id === null || first === null || last === null) return null;
  return { id, first_name: first, last_name: last };
}

/** The show/list form of a tag; routes narrow it with the query's `columns`. */
export function toTag(view: TagView, now: number = Date.now()): Tag {
  return {
    id: view.id,
    name: view.name,
    type: view.type,
    description: view.description,
    created_by: userRef(view.created_by_fk, view.created_first_name, view.created_last_name),
    changed_by: userRef(view.changed_by_fk, view.changed_first_name, view.changed_last_name),
    created_on: view.created_on,
    changed_on: view.changed_on,
    created_on_delta_humanized: humanizeSince(view.created_on, now),
    changed_on_delta_humanized: humanizeSince(view.changed_on, now),
  };
}
