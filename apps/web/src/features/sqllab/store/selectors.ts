import {
  selectActiveEditorId,
  selectActiveQueryEditor,
  selectCostEstimate,
  selectEditorQueries,
  selectEditorTables,
  selectQueryEditor,
  selectQueryEditors,
  type Query,
} from '../state';
import { sqlLabSelector } from './sqllab-store';

// The state layer's selectors, usable with `useAppSelector` on the app's root state.
export const selectTabs = sqlLabSelector(selectQueryEditors);
export const selectActiveTabId = sqlLabSelector(selectActiveEditorId);
export const selectActiveTab = sqlLabSelector(selectActiveQueryEditor);
export const selectTab = sqlLabSelector(selectQueryEditor);
export const selectTabQueries = sqlLabSelector(selectEditorQueries);
export const selectTabTables = sqlLabSelector(selectEditorTables);
export const selectTabCost = sqlLabSelector(selectCostEstimate);
export const selectQuery = sqlLabSelector((state, id: string | null): Query | null =>
  id === null ? null : (state.sqlLabQueries.queries[id] ?? null),
);
