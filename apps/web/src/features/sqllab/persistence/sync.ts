import { toastAdded } from '../../../shared/toasts/toasts-slice';
import {
  clearDestroyedQueryEditor,
  isServerId,
  migrateQueryEditor,
  migrateTable,
  selectQueryEditor,
  setEditorTabLastUpdatedAt,
  setLastUpdatedActiveTab,
  setOffline,
  setSaveFailing,
  unsyncedEditors,
} from '../state';
import { sqlLabState, type AppThunk } from '../store/sqllab-store';
import {
  backendPersistenceOn,
  failureStatus,
  newTracker,
  noteFailure,
  noteSaveFailure,
  type SyncTracker,
} from './outcome';
import { tabStateApi } from './tab-state-api';
import { editorCreatePayload, editorUpdateFields, tableCreatePayload } from './tab-state-mapping';

const RETRY_HINT =
  'The product will retry later. Please contact your administrator if this problem persists.';
// Spec 000 §8 word for word.
export const MIGRATE_EDITOR_FAILED =
  'Unable to migrate query editor state to backend. The product will retry later. Please contact your administrator if this problem persists.';
export const MIGRATE_TABLE_FAILED = `Unable to migrate table schema state to backend. ${RETRY_HINT}`;
export const MIGRATE_QUERY_FAILED = `Unable to migrate query state to backend. ${RETRY_HINT}`;
/** Logged on each failed save (spec 000 §8). */
export const EDITOR_SAVE_FAILED = 'An error occurred while saving your editor state.';
/** Toasted once when saves start failing (spec 000 §8); the offline tag stays until one goes through. */
export const STORE_QUERY_FAILED =
  'An error occurred while storing your query in the backend. To avoid losing your changes, please save your query using the "Save Query" button.';

const track = { track: false } as const;

/** PUT /tabstateview/{id} with the tab as it is now (pending edits included). */
function pushEditor(id: string, tracker: SyncTracker): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const editor = selectQueryEditor(sqlLabState(getState()), id);
    if (editor === null || editor.inLocalStorage || !editor.loaded) return;
    const outcome = await dispatch(
      tabStateApi.endpoints.updateTabState.initiate({ id, fields: editorUpdateFields(editor) }, track),
    );
    // A tab deleted on the server (closed in another window) has nothing left to update.
    if (outcome.error === undefined || failureStatus(outcome.error) === 404) return;
    console.warn(EDITOR_SAVE_FAILED);
    noteSaveFailure(tracker);
  };
}

/** POST /tableschemaview/ for a panel of a server tab that only this browser has. */
function migrateTableSchema(tableId: string, tracker: SyncTracker): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const table = sqlLabState(getState()).sqlLabTables.tables.find((candidate) => candidate.id === tableId);
    if (table === undefined || !table.inLocalStorage || !isServerId(table.queryEditorId)) return;
    const outcome = await dispatch(
      tabStateApi.endpoints.createTableSchema.initiate(tableCreatePayload(table, table.queryEditorId), track),
    );
    if (outcome.data === undefined) {
      dispatch(toastAdded('danger', MIGRATE_TABLE_FAILED, { noDuplicate: true }));
      noteFailure(tracker);
      return;
    }
    const serverId = String(outcome.data.id);
    const now = sqlLabState(getState()).sqlLabTables.tables.find((candidate) => candidate.id === tableId);
    if (now === undefined) {
      // Removed while it was being sent.
      await dispatch(tabStateApi.endpoints.deleteTableSchema.initiate(serverId, track));
      return;
    }
    dispatch(migrateTable({ oldId: tableId, id: serverId }));
    if (now.expanded !== table.expanded) {
      await dispatch(
        tabStateApi.endpoints.setTableSchemaExpanded.initiate(
          { id: serverId, expanded: now.expanded },
          track,
        ),
      );
    }
  };
}

/** POST /tabstateview/{id}/migrate_query for each query the tab ran while it was local. */
function migrateQueries(tabId: string, tracker: SyncTracker): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const queries = Object.values(sqlLabState(getState()).sqlLabQueries.queries).filter(
      (query) => query.sqlEditorId === tabId,
    );
    for (const query of queries) {
      const outcome = await dispatch(
        tabStateApi.endpoints.migrateQueryToTab.initiate({ tabId, queryId: query.id }, track),
      );
      // 404: the server never stored that query (it failed before reaching it).
      if (outcome.error === undefined || failureStatus(outcome.error) === 404) continue;
      dispatch(toastAdded('danger', MIGRATE_QUERY_FAILED, { noDuplicate: true }));
      noteFailure(tracker);
    }
  };
}

/**
 * A tab created in this browser goes to the server (POST /tabstateview/), then migrates in turn: its
 * id (history, unsaved edits, queries, panels follow), its table panels, its queries; last, its full
 * state is pushed (extra_json, latest query).
 */
function migrateEditor(localId: string, tracker: SyncTracker): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const editor = selectQueryEditor(sqlLabState(getState()), localId);
    if (!editor?.inLocalStorage) return;
    const outcome = await dispatch(
      tabStateApi.endpoints.createTabState.initiate(editorCreatePayload(editor), track),
    );
    if (outcome.data === undefined) {
      dispatch(toastAdded('danger', MIGRATE_EDITOR_FAILED, { noDuplicate: true }));
      noteFailure(tracker);
      return;
    }
    const tabId = String(outcome.data.id);
    if (selectQueryEditor(sqlLabState(getState()), localId) === null) {
      // Closed while it was being sent.
      await dispatch(tabStateApi.endpoints.deleteTabState.initiate(tabId, track));
      return;
    }
    dispatch(migrateQueryEditor({ oldId: localId, tabViewId: tabId }));
    // Creating a tab activates it on the server; the activation step below corrects that if needed.
    dispatch(setLastUpdatedActiveTab({ id: tabId }));
    await dispatch(migrateLocalTables(tracker, tabId));
    await dispatch(migrateQueries(tabId, tracker));
    await dispatch(pushEditor(tabId, tracker));
  };
}

/** Local panels of server tabs (of one tab when `tabId` is given) go to the server. */
function migrateLocalTables(tracker: SyncTracker, tabId?: string): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const ids = sqlLabState(getState())
      .sqlLabTables.tables.filter(
        (table) =>
          table.inLocalStorage &&
          // Sent once its metadata is in, so the description carries the data preview started with it.
          table.initialized &&
          isServerId(table.queryEditorId) &&
          (tabId === undefined || table.queryEditorId === tabId),
      )
      .map((table) => table.id);
    for (const id of ids) await dispatch(migrateTableSchema(id, tracker));
  };
}

/** POST /tabstateview/{id}/activate when the active tab changed since the server last heard. */
function activateTab(tracker: SyncTracker): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const editors = sqlLabState(getState()).sqlLabEditors;
    const active = editors.tabHistory.at(-1);
    if (active === undefined || !isServerId(active) || active === editors.lastUpdatedActiveTab) return;
    const outcome = await dispatch(tabStateApi.endpoints.activateTabState.initiate(active, track));
    if (outcome.error === undefined) dispatch(setLastUpdatedActiveTab({ id: active }));
    else if (failureStatus(outcome.error) !== 404) noteFailure(tracker);
  };
}

/** DELETE /tabstateview/{id} for closed tabs; a 404 counts as already deleted. */
function deleteDestroyed(tracker: SyncTracker): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const ids = Object.keys(sqlLabState(getState()).sqlLabEditors.destroyedQueryEditors);
    for (const id of ids) {
      if (!isServerId(id)) {
        dispatch(clearDestroyedQueryEditor({ id }));
        continue;
      }
      const outcome = await dispatch(tabStateApi.endpoints.deleteTabState.initiate(id, track));
      if (outcome.error === undefined || failureStatus(outcome.error) === 404) {
        dispatch(clearDestroyedQueryEditor({ id }));
      } else {
        noteFailure(tracker);
      }
    }
  };
}

/**
 * Deletes closed tabs on the server now, outside the loop's rhythm: when a tab is closed and on page
 * hide, so that a reload or a browser closed right after cannot bring the tab back. A failure is
 * left to the next pass of the loop, which deletes what is still recorded as closed.
 */
export function deleteClosedTabs(): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    if (!backendPersistenceOn(getState()) || !sqlLabState(getState()).sqlLabSync.hydrated) return;
    await dispatch(deleteDestroyed(newTracker()));
  };
}

/**
 * One pass of the sync loop (spec 000 §4 "Persistence"): local tabs are created on the server and
 * migrated; tabs edited since the last pass are pushed; the active tab is activated; closed tabs are
 * deleted. When everything went through, the pass's start becomes the last sync time; otherwise the
 * same tabs are pushed again on the next pass, the offline tag shows until a pass goes through, and
 * the first of a run of failed saves toasts STORE_QUERY_FAILED. Resolves to whether the pass went
 * through (the loop waits longer after a failed one).
 */
export function syncTick(now: () => number = Date.now): AppThunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    if (!backendPersistenceOn(getState()) || !sqlLabState(getState()).sqlLabSync.hydrated) return true;
    const startedAt = now();
    const tracker = newTracker();
    const editors = unsyncedEditors(sqlLabState(getState()).sqlLabEditors).filter((editor) => editor.loaded);
    for (const editor of editors) {
      if (editor.inLocalStorage) await dispatch(migrateEditor(editor.id, tracker));
      else await dispatch(pushEditor(editor.id, tracker));
    }
    await dispatch(migrateLocalTables(tracker));
    await dispatch(activateTab(tracker));
    await dispatch(deleteDestroyed(tracker));
    if (!tracker.failed) dispatch(setEditorTabLastUpdatedAt({ timestamp: startedAt - 1 }));
    const sync = sqlLabState(getState()).sqlLabSync;
    if (tracker.saveFailed && !sync.saveFailing) {
      dispatch(toastAdded('danger', STORE_QUERY_FAILED, { noDuplicate: true }));
    }
    if (sync.saveFailing !== tracker.saveFailed) dispatch(setSaveFailing(tracker.saveFailed));
    if (sync.offline !== tracker.failed) dispatch(setOffline(tracker.failed));
    return !tracker.failed;
  };
}
