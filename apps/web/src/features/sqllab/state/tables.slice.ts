import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  changeDataPreviewId,
  migrateQueryEditor,
  removeAllOtherEditors,
  removeDataPreview,
  removeQueryEditor,
  sqlLabHydrated,
} from './actions';
import { newLocalId } from './ids';
import type { Table } from './types';

export interface TablesState {
  tables: Table[];
}

export const initialTablesState: TablesState = { tables: [] };

/** What identifies a panel: the same table in the same tab appears once. */
export type TableIdentity = Pick<Table, 'dbId' | 'queryEditorId' | 'catalog' | 'schema' | 'name'>;
export type TableInput = Partial<Table> & TableIdentity;

export function sameTable(a: TableIdentity, b: TableIdentity): boolean {
  return (
    a.dbId === b.dbId &&
    a.queryEditorId === b.queryEditorId &&
    a.catalog === b.catalog &&
    a.schema === b.schema &&
    a.name === b.name
  );
}

export function createTable(fields: TableInput & { id: string }): Table {
  return {
    expanded: true,
    dataPreviewQueryId: null,
    columns: [],
    selectStar: null,
    primaryKey: null,
    foreignKeys: [],
    indexes: [],
    initialized: false,
    persistData: true,
    inLocalStorage: true,
    ...fields,
  };
}

function findTable(state: TablesState, id: string): Table | undefined {
  return state.tables.find((table) => table.id === id);
}

export const tablesSlice = createSlice({
  name: 'sqlLabTables',
  initialState: initialTablesState,
  reducers: {
    /**
     * Adds a panel, or merges into the panel of the same table. `queryId` links a data preview.
     * A panel that already has its server id keeps it.
     */
    mergeTable: {
      reducer(
        state,
        action: PayloadAction<{ table: TableInput; newId: string; queryId?: string; prepend?: boolean }>,
      ) {
        const { table, newId, queryId, prepend } = action.payload;
        const existing = state.tables.find((candidate) => sameTable(candidate, table));
        if (existing) {
          const id = existing.initialized ? existing.id : (table.id ?? existing.id);
          Object.assign(existing, table, { id });
          if (queryId !== undefined) existing.dataPreviewQueryId = queryId;
          return;
        }
        const added = createTable({ ...table, id: table.id ?? newId, dataPreviewQueryId: queryId ?? null });
        if (prepend) state.tables.unshift(added);
        else state.tables.push(added);
      },
      prepare: (input: { table: TableInput; queryId?: string; prepend?: boolean }) => ({
        payload: { ...input, newId: newLocalId() },
      }),
    },
    expandTable(state, action: PayloadAction<{ id: string }>) {
      const table = findTable(state, action.payload.id);
      if (table) table.expanded = true;
    },
    collapseTable(state, action: PayloadAction<{ id: string }>) {
      const table = findTable(state, action.payload.id);
      if (table) table.expanded = false;
    },
    removeTables(state, action: PayloadAction<{ ids: string[] }>) {
      const ids = new Set(action.payload.ids);
      state.tables = state.tables.filter((table) => !ids.has(table.id));
    },
    /** A local panel now exists on the server under `id`. */
    migrateTable(state, action: PayloadAction<{ oldId: string; id: string }>) {
      const table = findTable(state, action.payload.oldId);
      if (!table) return;
      table.id = action.payload.id;
      table.inLocalStorage = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sqlLabHydrated, (_state, action) => ({ tables: action.payload.tables }))
      .addCase(changeDataPreviewId, (state, action) => {
        const { oldQueryId, newQueryId } = action.payload;
        for (const table of state.tables) {
          if (table.dataPreviewQueryId === oldQueryId) table.dataPreviewQueryId = newQueryId;
        }
      })
      .addCase(removeDataPreview, (state, action) => {
        const table = findTable(state, action.payload.table.id);
        if (table) table.dataPreviewQueryId = null;
      })
      .addCase(removeQueryEditor, (state, action) => {
        state.tables = state.tables.filter((table) => table.queryEditorId !== action.payload.id);
      })
      .addCase(removeAllOtherEditors, (state, action) => {
        state.tables = state.tables.filter((table) => table.queryEditorId === action.payload.keepId);
      })
      .addCase(migrateQueryEditor, (state, action) => {
        const { oldId, tabViewId } = action.payload;
        for (const table of state.tables) {
          if (table.queryEditorId === oldId) table.queryEditorId = tabViewId;
        }
      });
  },
});

export const { mergeTable, expandTable, collapseTable, removeTables, migrateTable } = tablesSlice.actions;
