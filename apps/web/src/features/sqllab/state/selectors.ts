import { createSelector } from '@reduxjs/toolkit';
import type { SqlLabRootState } from './root-state';
import type { CostEstimate, Query, QueryEditor, Table } from './types';
import { activeEditorId, withUnsavedEdits } from './unsaved-edits';

const selectEditors = (state: SqlLabRootState) => state.sqlLabEditors;
const selectQueryMap = (state: SqlLabRootState) => state.sqlLabQueries.queries;
const selectTableList = (state: SqlLabRootState) => state.sqlLabTables.tables;
const editorIdArg = (_state: SqlLabRootState, editorId: string) => editorId;

/** Every tab as the user sees it (pending edits applied), in tab order. */
export const selectQueryEditors = createSelector([selectEditors], (editors): QueryEditor[] =>
  editors.queryEditors.map((qe) => withUnsavedEdits(qe, editors.unsavedQueryEditor)),
);

export function selectActiveEditorId(state: SqlLabRootState): string | null {
  return activeEditorId(state.sqlLabEditors) ?? null;
}

/** The active tab merged with the unsaved buffer, or null without tabs. */
export const selectActiveQueryEditor = createSelector([selectEditors], (editors): QueryEditor | null => {
  const id = activeEditorId(editors);
  const editor = editors.queryEditors.find((qe) => qe.id === id);
  return editor ? withUnsavedEdits(editor, editors.unsavedQueryEditor) : null;
});

export function selectQueryEditor(state: SqlLabRootState, editorId: string): QueryEditor | null {
  const { queryEditors, unsavedQueryEditor } = state.sqlLabEditors;
  const editor = queryEditors.find((qe) => qe.id === editorId);
  return editor ? withUnsavedEdits(editor, unsavedQueryEditor) : null;
}

/** Queries run from a tab, oldest first. */
export const selectEditorQueries = createSelector(
  [selectQueryMap, editorIdArg],
  (queries, editorId): Query[] =>
    Object.values(queries)
      .filter((query) => query.sqlEditorId === editorId)
      .sort((a, b) => a.startDttm - b.startDttm),
);

/** Table panels of a tab, in panel order. */
export const selectEditorTables = createSelector(
  [selectTableList, editorIdArg],
  (tables, editorId): Table[] => tables.filter((table) => table.queryEditorId === editorId),
);

/** The latest query of the active tab, or null. */
export const selectActiveLatestQuery = createSelector(
  [selectActiveQueryEditor, selectQueryMap],
  (editor, queries): Query | null => (editor?.latestQueryId ? (queries[editor.latestQueryId] ?? null) : null),
);

export function selectCostEstimate(state: SqlLabRootState, editorId: string): CostEstimate | null {
  return state.sqlLabCosts.estimates[editorId] ?? null;
}
