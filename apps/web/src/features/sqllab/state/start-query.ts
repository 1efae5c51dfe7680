import { startQuery } from './actions';
import type { SqlLabRootState } from './root-state';
import { selectQueryEditor } from './selectors';
import type { Query } from './types';

/**
 * `startQuery` with the tab's current latest query filled in, so that query's result data is
 * cleared when the new one starts: `dispatch(startQueryFor(getState(), query))`.
 */
export function startQueryFor(state: SqlLabRootState, query: Query): ReturnType<typeof startQuery> {
  // A table preview runs beside the tab and leaves the tab's own result alone.
  const editor =
    query.sqlEditorId === null || query.isDataPreview ? null : selectQueryEditor(state, query.sqlEditorId);
  return startQuery({ query, previousQueryId: editor?.latestQueryId ?? null });
}
