import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  migrateQueryEditor,
  removeAllOtherEditors,
  removeQueryEditor,
  sqlLabHydrated,
  startQuery,
  withNow,
} from './actions';
import {
  createQueryEditor,
  newEditorSql,
  newEditorTitle,
  uniqueEditorTitle,
  type EditorDefaults,
} from './editor-defaults';
import { newLocalId } from './ids';
import type { CursorPosition, EditorChanges, QueryEditor } from './types';
import { activate, activeEditorId, applyEdit, flushUnsaved, type EditorsState } from './unsaved-edits';

export type { EditorsState } from './unsaved-edits';

export const initialEditorsState: EditorsState = {
  queryEditors: [],
  tabHistory: [],
  unsavedQueryEditor: {},
  destroyedQueryEditors: {},
  editorTabLastUpdatedAt: 0,
  lastUpdatedActiveTab: null,
};

/** A new tab. Fields left out take the configured defaults; the name defaults to 'Untitled Query N'. */
export interface AddQueryEditorInput extends Partial<
  Pick<
    QueryEditor,
    'name' | 'dbId' | 'catalog' | 'schema' | 'sql' | 'queryLimit' | 'autorun' | 'templateParams' | 'remoteId'
  >
> {
  /** From `editorDefaultsFromConf`: DEFAULT_SQLLAB_LIMIT and the default database. */
  defaults: EditorDefaults;
  /** Whether the server keeps tab state; without it the SQL template carries a note. */
  backendPersistence: boolean;
  /** Server tab id when the tab was created on the server first; otherwise the tab is local. */
  tabViewId?: string;
  now?: number;
}

type NewEditorFields = Partial<QueryEditor> & { id: string };

function newEditorFields(input: AddQueryEditorInput): NewEditorFields {
  const { defaults, backendPersistence, tabViewId, now: _now, ...given } = input;
  const id = tabViewId ?? newLocalId();
  return {
    ...given,
    id,
    dbId: given.dbId ?? defaults.dbId,
    queryLimit: given.queryLimit ?? defaults.queryLimit,
    sql: given.sql ?? newEditorSql(backendPersistence),
    inLocalStorage: tabViewId === undefined,
    loaded: true,
    ...(tabViewId === undefined ? {} : { tabViewId }),
  };
}

/** Adds a tab (saving the unsaved one first) and makes it active. */
function addEditor(state: EditorsState, fields: NewEditorFields, now: number): void {
  flushUnsaved(state);
  if (!state.queryEditors.some((qe) => qe.id === fields.id)) {
    const names = state.queryEditors.map((qe) => qe.name);
    const name = fields.name === undefined ? newEditorTitle(names) : uniqueEditorTitle(fields.name, names);
    state.queryEditors.push(createQueryEditor({ ...fields, name }, now));
  }
  activate(state, fields.id);
}

/** Saves the unsaved tab and activates another. */
function switchTo(state: EditorsState, id: string | undefined): void {
  if (id === undefined || id === activeEditorId(state)) return;
  if (!state.queryEditors.some((qe) => qe.id === id)) return;
  flushUnsaved(state);
  activate(state, id);
}

function neighbour(state: EditorsState, step: 1 | -1): string | undefined {
  const count = state.queryEditors.length;
  if (count === 0) return undefined;
  const current = state.queryEditors.findIndex((qe) => qe.id === activeEditorId(state));
  const start = current === -1 ? (step === 1 ? -1 : 0) : current;
  return state.queryEditors[(start + step + count) % count]?.id;
}

/** A reducer + prepare pair for one kind of edit to one tab. */
function edit<P extends { id: string }>(toChanges: (payload: P) => EditorChanges) {
  return {
    reducer(state: EditorsState, action: PayloadAction<P & { now: number }>) {
      applyEdit(state, action.payload.id, toChanges(action.payload), action.payload.now);
    },
    prepare: (input: P & { now?: number }) => withNow(input),
  };
}

export const editorsSlice = createSlice({
  name: 'sqlLabEditors',
  initialState: initialEditorsState,
  reducers: {
    addQueryEditor: {
      reducer(state, action: PayloadAction<{ fields: NewEditorFields; now: number }>) {
        addEditor(state, action.payload.fields, action.payload.now);
      },
      prepare: (input: AddQueryEditorInput) => withNow({ fields: newEditorFields(input), now: input.now }),
    },
    /** Opens a copy of a tab as a new active tab with autorun on. */
    cloneQueryToNewTab: {
      reducer(
        state,
        action: PayloadAction<{ sourceId: string; id: string; tabViewId?: string; now: number }>,
      ) {
        const { sourceId, id, tabViewId, now } = action.payload;
        flushUnsaved(state);
        const source = state.queryEditors.find((qe) => qe.id === sourceId);
        if (!source) return;
        addEditor(
          state,
          {
            id,
            name: `Copy of ${source.name}`,
            autorun: true,
            dbId: source.dbId,
            catalog: source.catalog,
            schema: source.schema,
            sql: source.sql,
            queryLimit: source.queryLimit,
            maxRow: source.maxRow,
            templateParams: source.templateParams,
            inLocalStorage: tabViewId === undefined,
            ...(tabViewId === undefined ? {} : { tabViewId }),
          },
          now,
        );
      },
      prepare: (input: { sourceId: string; tabViewId?: string; now?: number }) =>
        withNow({ ...input, id: input.tabViewId ?? newLocalId() }),
    },
    setActiveQueryEditor(state, action: PayloadAction<{ id: string }>) {
      switchTo(state, action.payload.id);
    },
    switchToNextTab(state) {
      switchTo(state, neighbour(state, 1));
    },
    switchToPreviousTab(state) {
      switchTo(state, neighbour(state, -1));
    },
    /** Any edit; routed to the unsaved buffer or the tab itself per spec 000 §4. */
    updateQueryEditor: edit<{ id: string; changes: EditorChanges }>((p) => p.changes),
    setDb: edit<{ id: string; dbId: number | null }>((p) => ({ dbId: p.dbId })),
    setCatalog: edit<{ id: string; catalog: string | null }>((p) => ({ catalog: p.catalog })),
    setSchema: edit<{ id: string; schema: string | null }>((p) => ({ schema: p.schema })),
    setTitle: edit<{ id: string; name: string }>((p) => ({ name: p.name })),
    setAutorun: edit<{ id: string; autorun: boolean }>((p) => ({ autorun: p.autorun })),
    setSql: edit<{ id: string; sql: string }>((p) => ({ sql: p.sql })),
    setQueryLimit: edit<{ id: string; queryLimit: number }>((p) => ({ queryLimit: p.queryLimit })),
    setSelectedText: edit<{ id: string; selectedText: string | null }>((p) => ({
      selectedText: p.selectedText,
    })),
    setCursorPosition: edit<{ id: string; cursorPosition: CursorPosition }>((p) => ({
      cursorPosition: p.cursorPosition,
    })),
    setTemplateParams: edit<{ id: string; templateParams: string | null }>((p) => ({
      templateParams: p.templateParams,
    })),
    persistHeight: edit<{ id: string; northPercent: number; southPercent: number }>((p) => ({
      northPercent: p.northPercent,
      southPercent: p.southPercent,
    })),
    toggleLeftBar: edit<{ id: string; hideLeftBar: boolean }>((p) => ({ hideLeftBar: p.hideLeftBar })),
    /** The tab was saved as saved query `remoteId` under `name`. */
    queryEditorSaved: {
      reducer(state, action: PayloadAction<{ id: string; remoteId: number; name: string; now: number }>) {
        const { id, remoteId, name, now } = action.payload;
        const editor = state.queryEditors.find((qe) => qe.id === id);
        if (!editor) return;
        Object.assign(editor, { remoteId, name, updatedAt: now });
        if (state.unsavedQueryEditor.id === id) {
          const { name: _pendingName, ...rest } = state.unsavedQueryEditor;
          state.unsavedQueryEditor = rest;
        }
      },
      prepare: (input: { id: string; remoteId: number; name: string; now?: number }) => withNow(input),
    },
    /** Full state of a server tab arrived (it may have been known by id and label only). */
    queryEditorLoaded(state, action: PayloadAction<{ editor: QueryEditor }>) {
      const { editor } = action.payload;
      const index = state.queryEditors.findIndex((qe) => qe.id === editor.id);
      if (index === -1) return;
      state.queryEditors[index] = { ...editor, loaded: true };
    },
    clearDestroyedQueryEditor(state, action: PayloadAction<{ id: string }>) {
      if (!(action.payload.id in state.destroyedQueryEditors)) return;
      const { [action.payload.id]: _cleared, ...rest } = state.destroyedQueryEditors;
      state.destroyedQueryEditors = rest;
    },
    setEditorTabLastUpdatedAt(state, action: PayloadAction<{ timestamp: number }>) {
      state.editorTabLastUpdatedAt = action.payload.timestamp;
    },
    setLastUpdatedActiveTab(state, action: PayloadAction<{ id: string | null }>) {
      state.lastUpdatedActiveTab = action.payload.id;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sqlLabHydrated, (_state, action) => action.payload.editors)
      .addCase(removeQueryEditor, (state, action) => {
        const { id, now } = action.payload;
        const index = state.queryEditors.findIndex((qe) => qe.id === id);
        if (index === -1) return;
        const wasActive = activeEditorId(state) === id;
        state.queryEditors.splice(index, 1);
        state.tabHistory = state.tabHistory.filter((tabId) => tabId !== id);
        if (state.unsavedQueryEditor.id === id) state.unsavedQueryEditor = {};
        state.destroyedQueryEditors[id] = now;
        const last = state.queryEditors.at(-1);
        if (last && (wasActive || state.tabHistory.length === 0)) activate(state, last.id);
      })
      .addCase(removeAllOtherEditors, (state, action) => {
        const { keepId, now } = action.payload;
        if (!state.queryEditors.some((qe) => qe.id === keepId)) return;
        for (const qe of state.queryEditors) {
          if (qe.id !== keepId) state.destroyedQueryEditors[qe.id] = now;
        }
        state.queryEditors = state.queryEditors.filter((qe) => qe.id === keepId);
        state.tabHistory = [keepId];
        if (state.unsavedQueryEditor.id !== keepId) state.unsavedQueryEditor = {};
      })
      .addCase(migrateQueryEditor, (state, action) => {
        const { oldId, tabViewId } = action.payload;
        const editor = state.queryEditors.find((qe) => qe.id === oldId);
        if (!editor) return;
        Object.assign(editor, {
          id: tabViewId,
          tabViewId,
          inLocalStorage: false,
          loaded: true,
          immutableId: editor.immutableId ?? oldId,
        });
        state.tabHistory = state.tabHistory.map((tabId) => (tabId === oldId ? tabViewId : tabId));
        if (state.unsavedQueryEditor.id === oldId) state.unsavedQueryEditor.id = tabViewId;
        if (state.lastUpdatedActiveTab === oldId) state.lastUpdatedActiveTab = tabViewId;
      })
      .addCase(startQuery, (state, action) => {
        const { query } = action.payload;
        // A table preview runs beside the tab; it must not replace the tab's own result.
        if (query.sqlEditorId === null || query.isDataPreview) return;
        applyEdit(state, query.sqlEditorId, { latestQueryId: query.id }, query.startDttm);
      });
  },
});

export const {
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
} = editorsSlice.actions;
