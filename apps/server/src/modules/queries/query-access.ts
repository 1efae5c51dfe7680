import type { Principal } from '../security/principal';
import type { QueryRow } from './queries.repo';

/** Admin and roles with all_query_access see every user's queries (reference §2.4). */
export function canSeeAllQueries(principal: Principal): boolean {
  return principal.can('all_query_access', 'all_query_access');
}

export function canSeeQuery(principal: Principal, query: Pick<QueryRow, 'user_id'>): boolean {
  return query.user_id === principal.user.id || canSeeAllQueries(principal);
}
