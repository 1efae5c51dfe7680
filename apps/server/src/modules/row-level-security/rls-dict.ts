import type { RlsRule } from '@tessera/contracts';
import { humanizeSince } from '../databases/humanize';
import type { RlsLinks, RlsView } from './rls.repo';

/** The show/list form of a rule; routes narrow it with the query's `columns`. */
export function toRlsRule(view: RlsView, links: RlsLinks, now: number = Date.now()): RlsRule {
  const changedBy =
    view.changed_by_fk !== null && view.changed_first_name !== null && view.changed_last_name !== null
      ? { id: view.changed_by_fk, first_name: view.changed_first_name, last_name: view.changed_last_name }
      : null;
  return {
    id: view.id,
    name: view.name,
    description: view.description,
    filter_type: view.filter_type,
    tables: links.tables.get(view.id) ?? [],
    roles: links.roles.get(view.id) ?? [],
    group_key: view.group_key,
    clause: view.clause,
    changed_on_delta_humanized: humanizeSince(view.changed_on, now),
    changed_by: changedBy,
  };
}
