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

/**
 * The server's tabs; null when the server could not answer. The active tab comes with the list; a tab
 * this browser holds a copy of is read in full, so the newer of the two wins (no edit is lost); every
 * other tab is known by id and label only and read when it is first shown (`ensureTabLoaded`), so a
 * user with many tabs waits for one request, not one per tab.
 */
function readServerSnapshot(localIds: ReadonlySet<string>): AppThunk<Promise<ServerSnapshot | null>> {
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
      tabIds.map(async ({ id, label }): Promise<{ id: string; label: string; read: TabRead | null }> => {
        if (activeTab?.id === id) return { id: String(id), label, read: { kind: 'loaded', tab: activeTab } };
        if (!localIds.has(String(id))) return { id: String(id), label, read: null };
        return { id: String(id), label, read: await dispatch(readTab(String(id))) };
      }),
    );
    for (const { id, label, read } of reads) {
      if (read === null || read.kind === 'failed') snapshot.unloaded.push({ id, label });
      else if (read.kind === 'loaded') snapshot.tabs.push(read.tab);
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
    const localIds = new Set((local?.sqlLabEditors.queryEditors ?? []).map((editor) => editor.id));
    const server = backendPersistenceOn(getState()) ? await dispatch(readServerSnapshot(localIds)) : null;
    const plan = planHydration(local, server);
    dispatch(sqlLabHydrated({ editors: plan.editors, queries: plan.queries, tables: plan.tables }));
    if (plan.latestQueries.length > 0) dispatch(refreshQueries({ queries: plan.latestQueries }));
    if (plan.clearLocalStorage && storage !== null) clearStoredSqlLab(storage);
    dispatch(hydrationFinished());
  };
}

/** How showing a tab went: read now, already there, gone from the server, or not readable now. */
export type TabLoadOutcome = 'loaded' | 'gone' | 'failed';

/**
 * A server tab known only by id and label (not read at load, or its read failed) is read when it is
 * first shown. A 404 means the tab is gone: it is removed here too. A failure toasts and leaves it
 * unloaded, to be read again.
 */
export function ensureTabLoaded(id: string): AppThunk<Promise<TabLoadOutcome>> {
  return async (dispatch, getState) => {
    const editor = selectQueryEditor(sqlLabState(getState()), id);
    if (editor === null) return 'gone';
    if (editor.loaded) return 'loaded';
    const read = await dispatch(readTab(id));
    if (read.kind === 'gone') {
      dispatch(removeQueryEditor({ id }));
      dispatch(clearDestroyedQueryEditor({ id }));
      return 'gone';
    }
    if (read.kind === 'failed') return 'failed';
    // Read twice at once (a quick switch back and forth): the first answer is in already.
    if (selectQueryEditor(sqlLabState(getState()), id)?.loaded !== false) return 'loaded';
    dispatch(queryEditorLoaded({ editor: tabStateToEditor(read.tab) }));
    for (const dict of read.tab.table_schemas) dispatch(mergeTable({ table: tableSchemaToTable(dict) }));
    if (read.tab.latest_query !== null) dispatch(refreshQueries({ queries: [read.tab.latest_query] }));
    return 'loaded';
  };
}
