import type { CostsState } from './costs.slice';
import type { EditorsState } from './editors.slice';
import type { QueriesState } from './queries.slice';
import type { SyncStatusState } from './sync-status.slice';
import type { TablesState } from './tables.slice';

/** The SQL Lab part of the store: `sqlLabReducers` mounted under these keys. */
export interface SqlLabRootState {
  sqlLabEditors: EditorsState;
  sqlLabQueries: QueriesState;
  sqlLabTables: TablesState;
  sqlLabCosts: CostsState;
  sqlLabSync: SyncStatusState;
}
