import { costsSlice } from './costs.slice';
import { editorsSlice } from './editors.slice';
import { queriesSlice } from './queries.slice';
import { syncStatusSlice } from './sync-status.slice';
import { tablesSlice } from './tables.slice';

/** Mount these under the same keys in the root reducer (see `SqlLabRootState`). */
export const sqlLabReducers = {
  sqlLabEditors: editorsSlice.reducer,
  sqlLabQueries: queriesSlice.reducer,
  sqlLabTables: tablesSlice.reducer,
  sqlLabCosts: costsSlice.reducer,
  sqlLabSync: syncStatusSlice.reducer,
};

export type * from './types';
export type { SqlLabRootState } from './root-state';

export {
  startQuery,
  removeQueryEditor,
  removeAllOtherEditors,
  migrateQueryEditor,
  changeDataPreviewId,
  removeDataPreview,
  sqlLabHydrated,
} from './actions';
export {
  editorsSlice,
  initialEditorsState,
  addQueryEditor,
  cloneQueryToNewTab,
  setActiveQueryEditor,
  switchToNextTab,
  switchToPreviousTab,
  updateQueryEditor,
  setDb,
  setCatalog,
  setSchema,
  setTitle,
  setAutorun,
  setSql,
  setQueryLimit,
  setSelectedText,
  setCursorPosition,
  setTemplateParams,
  persistHeight,
  toggleLeftBar,
  queryEditorSaved,
  queryEditorLoaded,
  clearDestroyedQueryEditor,
  setEditorTabLastUpdatedAt,
  setLastUpdatedActiveTab,
  type AddQueryEditorInput,
  type EditorsState,
} from './editors.slice';
export {
  queriesSlice,
  initialQueriesState,
  querySuccess,
  queryRowsArrived,
  queryFailed,
  stopQuery,
  requestQueryResults,
  clearQueryResults,
  refreshQueries,
  clearInactiveQueries,
  removeQuery,
  type QueriesState,
} from './queries.slice';
export {
  tablesSlice,
  initialTablesState,
  mergeTable,
  expandTable,
  collapseTable,
  removeTables,
  migrateTable,
  createTable,
  sameTable,
  type TablesState,
  type TableInput,
  type TableIdentity,
} from './tables.slice';
export {
  syncStatusSlice,
  initialSyncStatusState,
  hydrationFinished,
  setOffline,
  setSaveFailing,
  localStorageMeasured,
  type SyncStatusState,
} from './sync-status.slice';
export {
  costsSlice,
  initialCostsState,
  costEstimateStarted,
  costEstimateReturned,
  costEstimateFailed,
  type CostsState,
} from './costs.slice';
export {
  selectQueryEditors,
  selectActiveEditorId,
  selectActiveQueryEditor,
  selectQueryEditor,
  selectEditorQueries,
  selectEditorTables,
  selectActiveLatestQuery,
  selectCostEstimate,
} from './selectors';
export { startQueryFor } from './start-query';
export {
  newEditorTitle,
  uniqueEditorTitle,
  editorDefaultsFromConf,
  newEditorSql,
  createQueryEditor,
  NEW_EDITOR_SQL,
  NOT_PERSISTED_NOTE,
  INITIAL_NORTH_PERCENT,
  INITIAL_SOUTH_PERCENT,
  type EditorDefaults,
} from './editor-defaults';
export { createQuery } from './query-factory';
export { newClientQueryId, newLocalId, isServerId } from './ids';
export {
  isActiveState,
  isFinishedState,
  statusBadgeColor,
  STATUS_BADGE_COLORS,
  type StatusBadgeColor,
  type BadgeStatus,
} from './query-states';
export {
  pruneForStorage,
  storageUsageKb,
  unsyncedEditors,
  mergeLocalAndServer,
  SYNC_INTERVAL_MS,
  SYNC_MAX_RETRY_DELAY_MS,
  SAVE_DEBOUNCE_MS,
  STALE_RESULTS_MS,
  RESULTS_SIZE_CAP_KB,
  EDITOR_STATE_VERSION,
  DEFAULT_EDITOR_NAME,
  type PersistedSqlLab,
} from './persistence';
