import { toastAdded } from '../../../shared/toasts/toasts-slice';
import { savedQueriesApi } from '../../savedqueries/saved-queries-api';
import { loadFailureText } from '../api/load-failure';
import { addNewTab } from '../run/editor-actions';
import { backendPersistenceOn } from '../persistence/outcome';
import { tabStateApi } from '../persistence/tab-state-api';
import { isServerId, queryEditorSaved, selectQueryEditor } from '../state';
import { sqlLabState, type AppThunk } from '../store/sqllab-store';
import {
  QUERY_NOT_PROPERLY_SAVED,
  QUERY_SAVED,
  QUERY_SAVE_FAILED,
  QUERY_UPDATED,
  QUERY_UPDATE_FAILED,
  SAVED_QUERY_LOAD_FAILED,
  editorToSavedQuery,
  savedQueryToEditor,
} from './saved-query-mapping';

/**
 * Saves the tab as a saved query: `update` writes over the tab's saved query (its remoteId), otherwise
 * a new one is created. The tab then carries the saved query's id and name. True when it worked.
 */
export function saveEditorQuery(
  editorId: string,
  values: { label: string; description: string },
  mode: 'create' | 'update',
): AppThunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const editor = selectQueryEditor(sqlLabState(getState()), editorId);
    const body = editor === null ? null : editorToSavedQuery(editor, values);
    const remoteId = editor?.remoteId ?? null;
    const updating = mode === 'update' && remoteId !== null;
    if (body === null) {
      dispatch(toastAdded('danger', updating ? QUERY_UPDATE_FAILED : QUERY_SAVE_FAILED));
      return false;
    }
    const outcome = updating
      ? await dispatch(
          savedQueriesApi.endpoints.updateSavedQuery.initiate({ id: remoteId, body }, { track: false }),
        )
      : await dispatch(savedQueriesApi.endpoints.createSavedQuery.initiate(body, { track: false }));
    if (outcome.data === undefined) {
      dispatch(toastAdded('danger', updating ? QUERY_UPDATE_FAILED : QUERY_SAVE_FAILED));
      return false;
    }
    dispatch(queryEditorSaved({ id: editorId, remoteId: outcome.data.id, name: outcome.data.result.label }));
    if (updating) {
      dispatch(toastAdded('success', QUERY_UPDATED));
      return true;
    }
    // A tab kept on the server learns its saved query at once; if that fails the query is saved but the
    // tab does not know it (spec 000 §8 'Your query was not properly saved'), and the save still counts.
    if (
      editor !== null &&
      backendPersistenceOn(getState()) &&
      isServerId(editorId) &&
      !editor.inLocalStorage
    ) {
      const linked = await dispatch(
        tabStateApi.endpoints.updateTabState.initiate(
          { id: editorId, fields: { saved_query_id: outcome.data.id } },
          { track: false },
        ),
      );
      if (linked.error !== undefined) dispatch(toastAdded('danger', QUERY_NOT_PROPERLY_SAVED));
    }
    dispatch(toastAdded('success', QUERY_SAVED));
    return true;
  };
}

/** Opens saved query `id` in a new tab; the failure toast when it cannot be read. */
export function openSavedQuery(id: number): AppThunk<Promise<boolean>> {
  return async (dispatch) => {
    const outcome = await dispatch(savedQueriesApi.endpoints.readSavedQuery.initiate(id, { track: false }));
    if (outcome.data === undefined) {
      dispatch(toastAdded('danger', loadFailureText(SAVED_QUERY_LOAD_FAILED, outcome.error)));
      return false;
    }
    dispatch(addNewTab(savedQueryToEditor(outcome.data)));
    return true;
  };
}
