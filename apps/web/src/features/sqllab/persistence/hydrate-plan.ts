import type { QueryDict, TabState } from '@tessera/contracts';
import {
  initialEditorsState,
  mergeLocalAndServer,
  type EditorsState,
  type PersistedSqlLab,
  type Query,
  type QueryEditor,
  type Table,
} from '../state';
import { tableSchemaToTable, tabStateToEditor, unloadedEditor } from './tab-state-mapping';

/** What the server said on load: tabs read in full, tabs that could not be read, the active tab. */
export interface ServerSnapshot {
  tabs: TabState[];
  unloaded: { id: string; label: string }[];
  activeId: string | null;
}

export interface HydrationPlan {
  editors: EditorsState;
  queries: Record<string, Query>;
  tables: Table[];
  /** Latest queries of the server tabs, to add to the queries the client knows. */
  latestQueries: QueryDict[];
  clearLocalStorage: boolean;
}

function fromLocalOnly(local: PersistedSqlLab | null): HydrationPlan {
  return {
    editors: local?.sqlLabEditors ?? initialEditorsState,
    queries: local?.sqlLabQueries.queries ?? {},
    tables: local?.sqlLabTables.tables ?? [],
    latestQueries: [],
    clearLocalStorage: false,
  };
}

function chooseActive(
  local: EditorsState | undefined,
  serverActive: string | null,
  ids: ReadonlySet<string>,
  editors: readonly QueryEditor[],
): string | undefined {
  const localActive = local?.tabHistory.at(-1);
  // A tab switch not yet pushed to the server is newer than the server's active tab.
  if (localActive !== undefined && ids.has(localActive) && local?.lastUpdatedActiveTab !== localActive) {
    return localActive;
  }
  if (serverActive !== null && ids.has(serverActive)) return serverActive;
  if (localActive !== undefined && ids.has(localActive)) return localActive;
  return editors.at(-1)?.id;
}

/**
 * The state SQL Lab starts from (spec 000 §4 "Persistence"). Without a server snapshot (backend
 * persistence off, or the server unreachable) local storage is all there is. Otherwise the server's
 * tabs are merged with the local ones (`mergeLocalAndServer`): a local tab wins when newer or absent
 * on the server; a stored server tab the server no longer has is gone (closed elsewhere); tabs closed
 * here but not yet deleted on the server stay closed.
 */
export function planHydration(local: PersistedSqlLab | null, server: ServerSnapshot | null): HydrationPlan {
  if (server === null) return fromLocalOnly(local);
  const localEditors = local?.sqlLabEditors;
  const destroyed = localEditors?.destroyedQueryEditors ?? {};
  const serverEditors = [
    ...server.tabs.map(tabStateToEditor),
    ...server.unloaded.map(({ id, label }) => unloadedEditor(id, label)),
  ].filter((editor) => !(editor.id in destroyed));
  const serverIds = new Set(serverEditors.map((editor) => editor.id));
  const localList = (localEditors?.queryEditors ?? []).filter(
    (editor) => editor.inLocalStorage || serverIds.has(editor.id),
  );
  const { editors, clearLocalStorage } = mergeLocalAndServer(localList, serverEditors);
  const ids = new Set(editors.map((editor) => editor.id));

  const active = chooseActive(localEditors, server.activeId, ids, editors);
  const history = (localEditors?.tabHistory ?? []).filter((id) => ids.has(id) && id !== active);
  // Local copies of server tabs that won must be pushed: the last sync is set just before the oldest.
  const localWinners = editors.filter((editor) => !editor.inLocalStorage && localList.includes(editor));
  const lastSync =
    localWinners.length > 0
      ? Math.min(...localWinners.map((editor) => editor.updatedAt)) - 1
      : Math.max(0, localEditors?.editorTabLastUpdatedAt ?? 0, ...serverEditors.map((e) => e.updatedAt));

  const serverTables = server.tabs
    .filter((tab) => ids.has(String(tab.id)))
    .flatMap((tab) => tab.table_schemas.map(tableSchemaToTable));
  const localTables = (local?.sqlLabTables.tables ?? []).filter(
    (table) => table.inLocalStorage && ids.has(table.queryEditorId),
  );

  return {
    editors: {
      queryEditors: editors,
      tabHistory: active === undefined ? history : [...history, active],
      unsavedQueryEditor: {},
      destroyedQueryEditors: destroyed,
      editorTabLastUpdatedAt: lastSync,
      lastUpdatedActiveTab: server.activeId,
    },
    queries: local?.sqlLabQueries.queries ?? {},
    tables: [...serverTables, ...localTables],
    latestQueries: server.tabs.flatMap((tab) =>
      tab.latest_query !== null && ids.has(String(tab.id)) ? [tab.latest_query] : [],
    ),
    clearLocalStorage,
  };
}
