import { describe, expect, it } from 'vitest';
import { migrateQueryEditor, removeAllOtherEditors, removeQueryEditor, startQuery } from './actions';
import {
  addQueryEditor,
  clearDestroyedQueryEditor,
  cloneQueryToNewTab,
  editorsSlice,
  persistHeight,
  queryEditorLoaded,
  queryEditorSaved,
  setActiveQueryEditor,
  setAutorun,
  setCatalog,
  setCursorPosition,
  setDb,
  setEditorTabLastUpdatedAt,
  setLastUpdatedActiveTab,
  setQueryLimit,
  setSchema,
  setSelectedText,
  setSql,
  setTemplateParams,
  setTitle,
  switchToNextTab,
  switchToPreviousTab,
  toggleLeftBar,
  updateQueryEditor,
  type EditorsState,
} from './editors.slice';
import { NEW_EDITOR_SQL, NOT_PERSISTED_NOTE } from './editor-defaults';
import { editorsWith, makeEditor, makeQuery, T0 } from './test-fixtures';

const reduce = editorsSlice.reducer;
const defaults = { queryLimit: 500, dbId: 7 };

function threeTabs(activeId = 'a'): EditorsState {
  return editorsWith([makeEditor({ id: 'a' }), makeEditor({ id: 'b' }), makeEditor({ id: 'c' })], [activeId]);
}

function editor(state: EditorsState, id: string) {
  const found = state.queryEditors.find((qe) => qe.id === id);
  if (!found) throw new Error(`no editor ${id}`);
  return found;
}

describe('addQueryEditor', () => {
  it('gives a tab opened from history, a saved query or a link a title no open tab has (issue #10)', () => {
    const add = (state: EditorsState, name?: string) =>
      reduce(
        state,
        addQueryEditor({ defaults, backendPersistence: true, ...(name === undefined ? {} : { name }) }),
      );
    let state = add(editorsWith([]));
    state = add(state, 'Top names');
    state = add(state, 'Top names');
    state = add(state, 'Top names');
    // A saved query or link named like an untitled tab takes the next number instead.
    state = add(state, 'Untitled Query 1');
    state = add(state);
    expect(state.queryEditors.map((qe) => qe.name)).toEqual([
      'Untitled Query 1',
      'Top names',
      'Top names (2)',
      'Top names (3)',
      'Untitled Query 2',
      'Untitled Query 3',
    ]);
  });

  it('names the tab after the highest Untitled Query number and makes it active', () => {
    const state = editorsWith([
      makeEditor({ id: 'a', name: 'Untitled Query 4' }),
      makeEditor({ id: 'b', name: 'Sales' }),
    ]);
    const next = reduce(state, addQueryEditor({ defaults, backendPersistence: true, now: T0 + 5 }));
    const added = next.queryEditors[2];
    expect(added?.name).toBe('Untitled Query 5');
    expect(next.tabHistory.at(-1)).toBe(added?.id);
    expect(added).toMatchObject({
      dbId: 7,
      queryLimit: 500,
      sql: NEW_EDITOR_SQL,
      updatedAt: T0 + 5,
      version: 1,
    });
  });

  it('starts at Untitled Query 1 and keeps an explicit name and database', () => {
    const first = reduce(editorsWith([]), addQueryEditor({ defaults, backendPersistence: true }));
    expect(first.queryEditors[0]?.name).toBe('Untitled Query 1');
    const named = reduce(
      first,
      addQueryEditor({ defaults, backendPersistence: true, name: 'Mine', dbId: 3 }),
    );
    expect(named.queryEditors[1]).toMatchObject({ name: 'Mine', dbId: 3 });
  });

  it('keeps a tab local without a server id and prefixes the template with a note without persistence', () => {
    const local = reduce(editorsWith([]), addQueryEditor({ defaults, backendPersistence: false }));
    expect(local.queryEditors[0]?.inLocalStorage).toBe(true);
    expect(local.queryEditors[0]?.sql.startsWith(NOT_PERSISTED_NOTE)).toBe(true);
    const server = reduce(
      editorsWith([]),
      addQueryEditor({ defaults, backendPersistence: true, tabViewId: '42' }),
    );
    expect(server.queryEditors[0]).toMatchObject({ id: '42', tabViewId: '42', inLocalStorage: false });
  });

  it('saves the unsaved tab first', () => {
    const edited = reduce(threeTabs(), setSql({ id: 'a', sql: 'SELECT 2', now: T0 + 1 }));
    const next = reduce(edited, addQueryEditor({ defaults, backendPersistence: true }));
    expect(editor(next, 'a').sql).toBe('SELECT 2');
    expect(editor(next, 'a').updatedAt).toBe(T0 + 1);
    expect(next.unsavedQueryEditor).toEqual({});
  });
});

describe('cloneQueryToNewTab', () => {
  it("opens 'Copy of {title}' with autorun on and the same database, schema and SQL", () => {
    const state = editorsWith([
      makeEditor({ id: 'a', name: 'Sales', dbId: 2, schema: 's1', sql: 'SELECT 9' }),
    ]);
    const edited = reduce(state, setSql({ id: 'a', sql: 'SELECT 10' }));
    const next = reduce(edited, cloneQueryToNewTab({ sourceId: 'a', now: T0 + 9 }));
    const copy = next.queryEditors[1];
    expect(copy).toMatchObject({
      name: 'Copy of Sales',
      autorun: true,
      dbId: 2,
      schema: 's1',
      sql: 'SELECT 10',
    });
    expect(copy?.remoteId).toBeNull();
    expect(next.tabHistory.at(-1)).toBe(copy?.id);
    expect(editor(next, 'a').sql).toBe('SELECT 10');
  });

  it('ignores an unknown source', () => {
    const state = threeTabs();
    expect(reduce(state, cloneQueryToNewTab({ sourceId: 'zz' })).queryEditors).toHaveLength(3);
  });
});

describe('removeQueryEditor', () => {
  it('drops the tab, records when, and makes the last remaining tab active', () => {
    const state = editorsWith(
      [makeEditor({ id: 'a' }), makeEditor({ id: 'b' }), makeEditor({ id: 'c' })],
      ['b', 'a'],
    );
    const next = reduce(state, removeQueryEditor({ id: 'a', now: T0 + 3 }));
    expect(next.queryEditors.map((qe) => qe.id)).toEqual(['b', 'c']);
    expect(next.destroyedQueryEditors).toEqual({ a: T0 + 3 });
    expect(next.tabHistory.at(-1)).toBe('c');
    const lastRemoved = reduce(threeTabs('c'), removeQueryEditor({ id: 'c' }));
    expect(lastRemoved.tabHistory.at(-1)).toBe('b');
  });

  it('leaves the active tab alone when another tab is removed, and forgets its unsaved edits', () => {
    const state = reduce(threeTabs('b'), setSql({ id: 'b', sql: 'x' }));
    const other = reduce(state, removeQueryEditor({ id: 'c' }));
    expect(other.tabHistory.at(-1)).toBe('b');
    expect(other.unsavedQueryEditor.id).toBe('b');
    const self = reduce(state, removeQueryEditor({ id: 'b' }));
    expect(self.unsavedQueryEditor).toEqual({});
  });

  it('removes all other tabs, recording each', () => {
    const next = reduce(threeTabs('a'), removeAllOtherEditors({ keepId: 'b', now: T0 }));
    expect(next.queryEditors.map((qe) => qe.id)).toEqual(['b']);
    expect(next.tabHistory).toEqual(['b']);
    expect(next.destroyedQueryEditors).toEqual({ a: T0, c: T0 });
  });

  it('forgets a removal once the server has it', () => {
    const removed = reduce(threeTabs(), removeQueryEditor({ id: 'c', now: T0 }));
    expect(reduce(removed, clearDestroyedQueryEditor({ id: 'c' })).destroyedQueryEditors).toEqual({});
  });
});

describe('switching tabs', () => {
  it('activates a tab and saves the unsaved one first', () => {
    const edited = reduce(threeTabs('a'), setSql({ id: 'a', sql: 'SELECT 5', now: T0 + 2 }));
    const next = reduce(edited, setActiveQueryEditor({ id: 'b' }));
    expect(next.tabHistory).toEqual(['a', 'b']);
    expect(editor(next, 'a').sql).toBe('SELECT 5');
    expect(next.unsavedQueryEditor).toEqual({});
  });

  it('ignores an unknown or already active tab', () => {
    const state = threeTabs('a');
    expect(reduce(state, setActiveQueryEditor({ id: 'a' }))).toBe(state);
    expect(reduce(state, setActiveQueryEditor({ id: 'zz' }))).toBe(state);
  });

  it('moves to the next and previous tab cyclically', () => {
    expect(reduce(threeTabs('a'), switchToNextTab()).tabHistory.at(-1)).toBe('b');
    expect(reduce(threeTabs('c'), switchToNextTab()).tabHistory.at(-1)).toBe('a');
    expect(reduce(threeTabs('b'), switchToPreviousTab()).tabHistory.at(-1)).toBe('a');
    expect(reduce(threeTabs('a'), switchToPreviousTab()).tabHistory.at(-1)).toBe('c');
  });

  it('saves the unsaved tab when switching by keyboard', () => {
    const edited = reduce(threeTabs('a'), setTitle({ id: 'a', name: 'Renamed' }));
    expect(editor(reduce(edited, switchToNextTab()), 'a').name).toBe('Renamed');
  });
});

describe('editing', () => {
  it('puts edits of the active tab in the unsaved buffer with a timestamp', () => {
    const next = reduce(threeTabs('a'), setSql({ id: 'a', sql: 'SELECT 2', now: T0 + 7 }));
    expect(next.unsavedQueryEditor).toEqual({ id: 'a', sql: 'SELECT 2', updatedAt: T0 + 7 });
    expect(editor(next, 'a').sql).toBe('SELECT 1');
  });

  it('applies edits of inactive tabs directly', () => {
    const next = reduce(threeTabs('a'), setSql({ id: 'b', sql: 'SELECT 3', now: T0 + 7 }));
    expect(editor(next, 'b')).toMatchObject({ sql: 'SELECT 3', updatedAt: T0 + 7 });
    expect(next.unsavedQueryEditor).toEqual({});
  });

  it('does not touch the timestamp when only the selection or caret moves', () => {
    const edited = reduce(threeTabs('a'), setSql({ id: 'a', sql: 'SELECT 2', now: T0 + 7 }));
    const selected = reduce(edited, setSelectedText({ id: 'a', selectedText: 'SELECT', now: T0 + 99 }));
    expect(selected.unsavedQueryEditor).toEqual({
      id: 'a',
      sql: 'SELECT 2',
      selectedText: 'SELECT',
      updatedAt: T0 + 7,
    });
    const moved = reduce(
      threeTabs('a'),
      setCursorPosition({ id: 'a', cursorPosition: { row: 2, column: 3 } }),
    );
    expect(moved.unsavedQueryEditor).toEqual({ id: 'a', cursorPosition: { row: 2, column: 3 } });
  });

  it('leaves the state unchanged when the id and SQL are unchanged', () => {
    const edited = reduce(threeTabs('a'), setSql({ id: 'a', sql: 'SELECT 2', now: T0 + 7 }));
    expect(reduce(edited, setSql({ id: 'a', sql: 'SELECT 2', now: T0 + 8 }))).toBe(edited);
    const state = threeTabs('a');
    expect(reduce(state, setSql({ id: 'a', sql: 'SELECT 1' }))).toBe(state);
  });

  it('ignores edits of unknown tabs', () => {
    const state = threeTabs('a');
    expect(reduce(state, setSql({ id: 'zz', sql: 'x' }))).toBe(state);
  });

  it.each([
    ['setDb', setDb({ id: 'a', dbId: 9, now: T0 }), { dbId: 9 }],
    ['setCatalog', setCatalog({ id: 'a', catalog: 'cat', now: T0 }), { catalog: 'cat' }],
    ['setSchema', setSchema({ id: 'a', schema: 'sch', now: T0 }), { schema: 'sch' }],
    ['setTitle', setTitle({ id: 'a', name: 'New', now: T0 }), { name: 'New' }],
    ['setAutorun', setAutorun({ id: 'a', autorun: true, now: T0 }), { autorun: true }],
    ['setQueryLimit', setQueryLimit({ id: 'a', queryLimit: 10, now: T0 }), { queryLimit: 10 }],
    [
      'setTemplateParams',
      setTemplateParams({ id: 'a', templateParams: '{"x":1}', now: T0 }),
      { templateParams: '{"x":1}' },
    ],
    [
      'persistHeight',
      persistHeight({ id: 'a', northPercent: 40, southPercent: 60, now: T0 }),
      { northPercent: 40, southPercent: 60 },
    ],
    ['toggleLeftBar', toggleLeftBar({ id: 'a', hideLeftBar: true, now: T0 }), { hideLeftBar: true }],
    [
      'updateQueryEditor',
      updateQueryEditor({ id: 'a', changes: { sql: 'Q', maxRow: 5 }, now: T0 }),
      { sql: 'Q', maxRow: 5 },
    ],
  ])('%s edits the active tab through the buffer', (_name, action, expected) => {
    const next = reduce(threeTabs('a'), action);
    expect(next.unsavedQueryEditor).toEqual({ id: 'a', ...expected, updatedAt: T0 });
  });

  it('ignores undefined fields of a generic update', () => {
    const next = reduce(
      threeTabs('a'),
      updateQueryEditor({ id: 'a', changes: { sql: undefined, schema: 's' }, now: T0 }),
    );
    expect(next.unsavedQueryEditor).toEqual({ id: 'a', schema: 's', updatedAt: T0 });
  });
});

describe('saving and loading', () => {
  it('stores the saved query id and name on the tab', () => {
    const renamed = reduce(threeTabs('a'), setTitle({ id: 'a', name: 'Draft' }));
    const next = reduce(renamed, queryEditorSaved({ id: 'a', remoteId: 12, name: 'Final', now: T0 + 4 }));
    expect(editor(next, 'a')).toMatchObject({ remoteId: 12, name: 'Final', updatedAt: T0 + 4 });
    expect(next.unsavedQueryEditor.name).toBeUndefined();
  });

  it('replaces a tab with its loaded server state', () => {
    const state = editorsWith([makeEditor({ id: '5', loaded: false, sql: '' })]);
    const next = reduce(
      state,
      queryEditorLoaded({ editor: makeEditor({ id: '5', sql: 'SELECT 77', loaded: false }) }),
    );
    expect(editor(next, '5')).toMatchObject({ sql: 'SELECT 77', loaded: true });
  });

  it('migrates a local tab to its server id', () => {
    const state = reduce(threeTabs('a'), setSql({ id: 'a', sql: 'x' }));
    const marked = reduce(state, setLastUpdatedActiveTab({ id: 'a' }));
    const next = reduce(marked, migrateQueryEditor({ oldId: 'a', tabViewId: '101' }));
    expect(editor(next, '101')).toMatchObject({ tabViewId: '101', inLocalStorage: false, loaded: true });
    expect(next.tabHistory).toEqual(['101']);
    expect(next.unsavedQueryEditor.id).toBe('101');
    expect(next.lastUpdatedActiveTab).toBe('101');
  });

  it('records the last sync time', () => {
    expect(reduce(threeTabs(), setEditorTabLastUpdatedAt({ timestamp: T0 + 1 })).editorTabLastUpdatedAt).toBe(
      T0 + 1,
    );
  });
});

describe('starting a query', () => {
  it("sets the tab's latest query id", () => {
    const query = makeQuery({ id: 'q1', sqlEditorId: 'b', startDttm: T0 + 1 });
    const next = reduce(threeTabs('a'), startQuery({ query, previousQueryId: null }));
    expect(editor(next, 'b').latestQueryId).toBe('q1');
    const active = reduce(threeTabs('b'), startQuery({ query, previousQueryId: null }));
    expect(active.unsavedQueryEditor).toMatchObject({ id: 'b', latestQueryId: 'q1' });
  });

  it('leaves the tab alone for a table preview', () => {
    const state = threeTabs('a');
    const query = makeQuery({ id: 'p', sqlEditorId: 'a', isDataPreview: true });
    expect(reduce(state, startQuery({ query, previousQueryId: null }))).toBe(state);
  });
});
