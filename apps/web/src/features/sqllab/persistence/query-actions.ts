import { toastAdded } from '../../../shared/toasts/toasts-slice';
import { sqlLabApi } from '../api/sqllab-api';
import { removeQuery, selectEditorQueries, selectQueryEditor, updateQueryEditor } from '../state';
import { sqlLabState, type AppThunk } from '../store/sqllab-store';
import { backendPersistenceOn, failureStatus } from './outcome';
import { tabStateApi } from './tab-state-api';

/** Spec 000 §8. */
export const QUERY_REMOVE_FAILED =
  'An error occurred while removing query. Please contact your administrator.';

/**
 * Removes a query from a tab's results (spec 000 §4 "A query can be removed"). A tab the server has
 * drops it there first (`DELETE /tabstateview/{tab}/query/{query}`; 404 = the server never had it);
 * when that fails the query stays and QUERY_REMOVE_FAILED is toasted. Then it leaves this browser's
 * queries and the tab's history, and a removed latest query gives way to the tab's previous one, as
 * the server does. Resolves to whether the query was removed.
 */
export function removeTabQuery(editorId: string, queryId: string): AppThunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const editor = selectQueryEditor(sqlLabState(getState()), editorId);
    if (backendPersistenceOn(getState()) && editor !== null && !editor.inLocalStorage) {
      const outcome = await dispatch(
        tabStateApi.endpoints.removeQueryFromTab.initiate({ tabId: editorId, queryId }, { track: false }),
      );
      if (outcome.error !== undefined && failureStatus(outcome.error) !== 404) {
        dispatch(toastAdded('danger', QUERY_REMOVE_FAILED));
        return false;
      }
    }
    dispatch(removeQuery({ id: queryId }));
    dispatch(
      sqlLabApi.util.updateQueryData('getEditorQueryHistory', editorId, (items) =>
        items.filter((item) => item.client_id !== queryId),
      ),
    );
    const now = selectQueryEditor(sqlLabState(getState()), editorId);
    if (now?.latestQueryId === queryId) {
      const previous = selectEditorQueries(sqlLabState(getState()), editorId)
        .filter((query) => !query.isDataPreview)
        .at(-1);
      dispatch(updateQueryEditor({ id: editorId, changes: { latestQueryId: previous?.id ?? null } }));
    }
    return true;
  };
}
