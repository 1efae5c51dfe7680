import { createAction } from '@reduxjs/toolkit';
import type { Query, Table } from './types';
import type { EditorsState } from './unsaved-edits';

/**
 * Adds `now` (epoch ms) to a payload unless the caller gave one, so reducers never read the clock.
 */
export function withNow<P extends { now?: number }>(payload: P): { payload: P & { now: number } } {
  return { payload: { ...payload, now: payload.now ?? Date.now() } };
}

// Actions that more than one slice reacts to live here, so slices never import each other.

/**
 * A query starts. `previousQueryId` is the tab's latest query before this one (its result data is
 * cleared); build the action with `startQueryFor` to have it filled from the state.
 */
export const startQuery = createAction<{ query: Query; previousQueryId: string | null }>('sqlLab/startQuery');

/** Removes a tab, its queries, tables and cost estimate. */
export const removeQueryEditor = createAction(
  'sqlLab/removeQueryEditor',
  (input: { id: string; now?: number }) => withNow(input),
);

/** Removes every tab but `keepId`, with their queries, tables and cost estimates. */
export const removeAllOtherEditors = createAction(
  'sqlLab/removeAllOtherEditors',
  (input: { keepId: string; now?: number }) => withNow(input),
);

/**
 * A local tab now exists on the server as `tabViewId`: the tab takes that id, and every reference to
 * the old id (history, unsaved edits, queries, tables, cost estimate) follows it.
 */
export const migrateQueryEditor = createAction<{ oldId: string; tabViewId: string }>(
  'sqlLab/migrateQueryEditor',
);

/** A table's data preview is re-run under a new query id; the old preview query is dropped. */
export const changeDataPreviewId = createAction<{ oldQueryId: string; newQueryId: string }>(
  'sqlLab/changeDataPreviewId',
);

/** Closes a table's data preview and drops its query. */
export const removeDataPreview = createAction<{ table: Pick<Table, 'id' | 'dataPreviewQueryId'> }>(
  'sqlLab/removeDataPreview',
);

/**
 * SQL Lab was loaded from local storage and the server (spec 000 §4 "Persistence"): the tabs, their
 * queries and table panels replace what the slices held. `queriesLastUpdate` is kept.
 */
export const sqlLabHydrated = createAction<{
  editors: EditorsState;
  queries: Record<string, Query>;
  tables: Table[];
}>('sqlLab/hydrated');
