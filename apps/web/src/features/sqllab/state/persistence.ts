import { RESULTS_SIZE_CAP_KB, STALE_RESULTS_MS } from './persistence-constants';
import type { SqlLabRootState } from './root-state';
import type { Query, QueryEditor } from './types';
import { withUnsavedEdits, type EditorsState } from './unsaved-edits';

export * from './persistence-constants';

/** What goes into local storage: the editor state, without cost estimates. */
export type PersistedSqlLab = Pick<SqlLabRootState, 'sqlLabEditors' | 'sqlLabQueries' | 'sqlLabTables'>;

/** localStorage keeps UTF-16 text: two bytes per code unit. */
const BYTES_PER_CHAR = 2;

/** Kilobytes `text` takes in local storage, rounded to two decimals. */
export function storageUsageKb(text: string): number {
  return Math.round(((text.length * BYTES_PER_CHAR) / 1024) * 100) / 100;
}

/**
 * Tabs (pending edits applied) the server lacks or holds an older version of: those created
 * locally, and those edited since the last sync. They are pushed to the server and, with backend
 * persistence, they are the only tabs kept in local storage.
 */
export function unsyncedEditors(editors: EditorsState): QueryEditor[] {
  return editors.queryEditors
    .map((qe) => withUnsavedEdits(qe, editors.unsavedQueryEditor))
    .filter((qe) => qe.inLocalStorage || qe.updatedAt > editors.editorTabLastUpdatedAt);
}

function shouldDropResults(query: Query, now: number): boolean {
  if (query.results === null) return false;
  if (now - query.startDttm > STALE_RESULTS_MS) return true;
  return storageUsageKb(JSON.stringify(query.results)) > RESULTS_SIZE_CAP_KB;
}

/**
 * The part of the state to write to local storage (spec 000 §4 "Persistence"): results of queries
 * older than a day or larger than 1024 KB are dropped; with backend persistence only the tabs and
 * table panels the server does not have yet are kept. Pending edits are folded into their tabs.
 */
export function pruneForStorage(
  state: SqlLabRootState,
  now: number,
  // SQLLAB_BACKEND_PERSISTENCE is on by default.
  options: { backendPersistence: boolean } = { backendPersistence: true },
): PersistedSqlLab {
  const { sqlLabEditors: editors, sqlLabQueries, sqlLabTables } = state;
  const queryEditors = options.backendPersistence
    ? unsyncedEditors(editors)
    : editors.queryEditors.map((qe) => withUnsavedEdits(qe, editors.unsavedQueryEditor));
  const queries = Object.fromEntries(
    Object.entries(sqlLabQueries.queries).map(([id, query]) => [
      id,
      shouldDropResults(query, now) ? { ...query, results: null } : query,
    ]),
  );
  return {
    sqlLabEditors: {
      ...editors,
      queryEditors,
      unsavedQueryEditor: {},
      // Only the server needs to hear about removed tabs.
      destroyedQueryEditors: options.backendPersistence ? editors.destroyedQueryEditors : {},
    },
    sqlLabQueries: { ...sqlLabQueries, queries },
    sqlLabTables: {
      tables: options.backendPersistence
        ? sqlLabTables.tables.filter((table) => table.inLocalStorage)
        : sqlLabTables.tables,
    },
  };
}

/**
 * On load: the tabs to show from local storage and the server. A local tab wins when it is newer
 * than the server's copy or the server does not have it. An empty local list means local storage
 * should be cleared.
 */
export function mergeLocalAndServer(
  localEditors: readonly QueryEditor[],
  serverEditors: readonly QueryEditor[],
): { editors: QueryEditor[]; clearLocalStorage: boolean } {
  if (localEditors.length === 0) return { editors: [...serverEditors], clearLocalStorage: true };
  const serverKey = (qe: QueryEditor) => qe.tabViewId ?? qe.id;
  const localByKey = new Map(localEditors.map((qe) => [serverKey(qe), qe]));
  const serverKeys = new Set(serverEditors.map(serverKey));
  const merged = serverEditors.map((server) => {
    const local = localByKey.get(serverKey(server));
    return local && local.updatedAt > server.updatedAt ? local : server;
  });
  const localOnly = localEditors.filter((qe) => !serverKeys.has(serverKey(qe)));
  return { editors: [...merged, ...localOnly], clearLocalStorage: false };
}
