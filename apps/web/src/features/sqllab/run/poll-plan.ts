import { isActiveState, type Query } from '../state';

/** How often active queries are polled (reference §2.7). */
export const QUERY_UPDATE_FREQ_MS = 2000;
/** The poll asks for a little more than it needs, so a change written late is not missed. */
export const QUERY_UPDATE_BUFFER_MS = 5000;
/** Queries older than this are no longer polled (the async time limit). */
export const MAX_QUERY_AGE_TO_POLL_MS = 6 * 60 * 60 * 1000;
/**
 * Before the server has told us its clock (no `changed_on` seen yet), the first poll reaches back this
 * far before the oldest active query, to absorb a difference between the browser's and server's clocks.
 */
export const FIRST_POLL_MARGIN_MS = 60_000;

/** The queries the poll follows: active and younger than the async time limit. */
export function queriesToPoll(queries: Readonly<Record<string, Query>>, now: number): Query[] {
  return Object.values(queries).filter(
    (query) => isActiveState(query.state) && now - query.startDttm < MAX_QUERY_AGE_TO_POLL_MS,
  );
}

/** `last_updated_ms` for the next poll. */
export function pollSince(queriesLastUpdate: number, active: readonly Query[]): number {
  if (queriesLastUpdate > 0) return Math.max(0, queriesLastUpdate - QUERY_UPDATE_BUFFER_MS);
  const oldest = Math.min(...active.map((query) => query.startDttm));
  return Number.isFinite(oldest) ? Math.max(0, oldest - FIRST_POLL_MARGIN_MS) : 0;
}
