import type { TabState } from '@tessera/contracts';
import { toastAdded } from '../../../shared/toasts/toasts-slice';
import {
  clearDestroyedQueryEditor,
  hydrationFinished,
  mergeTable,
  queryEditorLoaded,
  refreshQueries,
  removeQueryEditor,
  selectQueryEditor,
  setOffline,
  sqlLabHydrated,
} from '../state';
import { sqlLabState, type AppThunk } from '../store/sqllab-store';
import { planHydration, type ServerSnapshot } from './hydrate-plan';
import { clearStoredSqlLab, readStoredSqlLab, type SqlLabStorage } from './local-storage';
import { backendPersistenceOn, failureStatus } from './outcome';
import { tabStateApi } from './tab-state-api';
import { tableSchemaToTable, tabStateToEditor } from './tab-state-mapping';

export const FETCH_TAB_STATE_FAILED = 'An error occurred while fetching tab state';

type TabRead = { kind: 'loaded'; tab: TabState } | { kind: 'gone' } | { kind: 'failed' };

/** GET /tabstateview/{id}: the tab, 'gone' on a 404, 'failed' (with the spec's toast) otherwise. */
function readTab(id: string): AppThunk<Promise<TabRead>> {
  return async (dispatch) => {
    const outcome = await dispatch(tabStateApi.endpoints.readTabState.initiate(id, { track: false }));
    if (outcome.data !== undefined) return { kind: 'loaded', tab: outcome.data };
    if (failureStatus(outcome.error) === 404) return { kind: 'gone' };
    dispatch(toastAdded('danger', FETCH_TAB_STATE_FAILED, { noDuplicate: true }));
    return { kind: 'failed' };
  };
}

/** The server's tabs, each read in full; null when the server could not answer. */
function readServerSnapshot(): AppThunk<Promise<ServerSnapshot | null>> {
  return async (dispatch) => {
    const outcome = await dispatch(
      tabStateApi.endpoints.readServerTabs.initiate(undefined, { track: false }),
    );
    if (outcome.data === undefined) {
      if (failureStatus(outcome.error) === undefined) dispatch(setOffline(true));
      else dispatch(toastAdded('danger', FETCH_TAB_STATE_FAILED, { noDuplicate: true }));
      return null;
    }
    const { tabIds, activeTab } = outcome.data;
    const snapshot: ServerSnapshot = {
      tabs: [],
      unloaded: [],
      activeId: activeTab === null ? null : String(activeTab.id),
    };
    const reads = await Promise.all(
      tabIds.map(async ({ id, label }) => {
        const read: TabRead =
          activeTab?.id === id ? { kind: 'loaded', tab: activeTab } : await dispatch(readTab(String(id)));
        return { id: String(id), label, read };
      }),
    );
    for (const { id, label, read } of reads) {
      if (read.kind === 'loaded') snapshot.tabs.push(read.tab);
      else if (read.kind === 'failed') snapshot.unloaded.push({ id, label });
    }
    return snapshot;
  };
}

/**
 * On SQL Lab load: reads local storage and, with backend persistence, the server's tabs, merges them
 * (`planHydration`) and puts the result in the state. Tabs open only after this (`hydrated`).
 */
export function hydrateSqlLab(storage: SqlLabStorage | null): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const local = storage === null ? null : readStoredSqlLab(storage);
    const server = backendPersistenceOn(getState()) ? await dispatch(readServerSnapshot()) : null;
    const plan = planHydration(local, server);
    dispatch(sqlLabHydrated({ editors: plan.editors, queries: plan.queries, tables: plan.tables }));
    if (plan.latestQueries.length > 0) dispatch(refreshQueries({ queries: plan.latestQueries }));
    if (plan.clearLocalStorage && storage !== null) clearStoredSqlLab(storage);
    dispatch(hydrationFinished());
  };
}

/**
 * A server tab known only by id and label (its first read failed) is read when shown. A 404 means
 * the tab is gone: it is removed here too.
 */
export function ensureTabLoaded(id: string): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const editor = selectQueryEditor(sqlLabState(getState()), id);
    if (editor === null || editor.loaded) return;
    const read = await dispatch(readTab(id));
    if (read.kind === 'gone') {
      dispatch(removeQueryEditor({ id }));
      dispatch(clearDestroyedQueryEditor({ id }));
      return;
    }
    if (read.kind === 'failed') return;
    dispatch(queryEditorLoaded({ editor: tabStateToEditor(read.tab) }));
    for (const dict of read.tab.table_schemas) dispatch(mergeTable({ table: tableSchemaToTable(dict) }));
    if (read.tab.latest_query !== null) dispatch(refreshQueries({ queries: [read.tab.latest_query] }));
  };
}
