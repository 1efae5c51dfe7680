import { describe, expect, it } from 'vitest';
import {
  changeDataPreviewId,
  migrateQueryEditor,
  removeAllOtherEditors,
  removeDataPreview,
  removeQueryEditor,
} from './actions';
import {
  collapseTable,
  expandTable,
  mergeTable,
  migrateTable,
  removeTables,
  tablesSlice,
  type TablesState,
} from './tables.slice';
import { makeQuery, makeTable, reduceRoot, rootWith } from './test-fixtures';

const reduce = tablesSlice.reducer;
const orders = { dbId: 1, queryEditorId: 'a', catalog: null, schema: 'public', name: 'orders' };

function withTables(...tables: ReturnType<typeof makeTable>[]): TablesState {
  return { tables };
}

describe('mergeTable', () => {
  it('adds a new panel, expanded, with a local id', () => {
    const next = reduce(undefined, mergeTable({ table: orders }));
    expect(next.tables).toHaveLength(1);
    expect(next.tables[0]).toMatchObject({
      ...orders,
      expanded: true,
      dataPreviewQueryId: null,
      inLocalStorage: true,
    });
    expect(next.tables[0]?.id).toHaveLength(11);
  });

  it('merges into the panel of the same db, tab, catalog, schema and name', () => {
    const added = reduce(undefined, mergeTable({ table: orders }));
    const merged = reduce(
      added,
      mergeTable({ table: { ...orders, selectStar: 'SELECT *', initialized: true } }),
    );
    expect(merged.tables).toHaveLength(1);
    expect(merged.tables[0]).toMatchObject({ selectStar: 'SELECT *', initialized: true });
    for (const other of [
      { dbId: 2 },
      { queryEditorId: 'b' },
      { catalog: 'c' },
      { schema: 'x' },
      { name: 'items' },
    ]) {
      expect(reduce(added, mergeTable({ table: { ...orders, ...other } })).tables).toHaveLength(2);
    }
  });

  it('keeps the server id of an initialized panel but takes one for a fresh panel', () => {
    const fresh = withTables(
      makeTable({ id: 'local', queryEditorId: 'a', name: 'orders', initialized: false }),
    );
    expect(reduce(fresh, mergeTable({ table: { ...orders, id: '77' } })).tables[0]?.id).toBe('77');
    const known = withTables(makeTable({ id: '77', queryEditorId: 'a', name: 'orders', initialized: true }));
    expect(reduce(known, mergeTable({ table: { ...orders, id: 'other' } })).tables[0]?.id).toBe('77');
  });

  it('links a data preview query and can put a new panel first', () => {
    const state = withTables(makeTable({ id: 't1', queryEditorId: 'a' }));
    const next = reduce(state, mergeTable({ table: orders, queryId: 'pq', prepend: true }));
    expect(next.tables[0]).toMatchObject({ name: 'orders', dataPreviewQueryId: 'pq' });
    const relinked = reduce(next, mergeTable({ table: orders, queryId: 'pq2' }));
    expect(relinked.tables[0]?.dataPreviewQueryId).toBe('pq2');
  });
});

describe('panel transitions', () => {
  const state = withTables(
    makeTable({ id: 't1', queryEditorId: 'a', expanded: true }),
    makeTable({ id: 't2', queryEditorId: 'b', dataPreviewQueryId: 'p2' }),
  );

  it('collapses and expands a panel', () => {
    const collapsed = reduce(state, collapseTable({ id: 't1' }));
    expect(collapsed.tables[0]?.expanded).toBe(false);
    expect(reduce(collapsed, expandTable({ id: 't1' })).tables[0]?.expanded).toBe(true);
  });

  it('removes panels', () => {
    expect(reduce(state, removeTables({ ids: ['t1'] })).tables.map((t) => t.id)).toEqual(['t2']);
  });

  it('takes the server id of a migrated panel', () => {
    const next = reduce(state, migrateTable({ oldId: 't1', id: '900' }));
    expect(next.tables[0]).toMatchObject({ id: '900', inLocalStorage: false });
  });

  it('drops the panels of a removed tab, or of all other tabs, and follows a migrated tab', () => {
    expect(reduce(state, removeQueryEditor({ id: 'a' })).tables.map((t) => t.id)).toEqual(['t2']);
    expect(reduce(state, removeAllOtherEditors({ keepId: 'a' })).tables.map((t) => t.id)).toEqual(['t1']);
    expect(reduce(state, migrateQueryEditor({ oldId: 'a', tabViewId: '5' })).tables[0]?.queryEditorId).toBe(
      '5',
    );
  });
});

describe('data preview', () => {
  it('re-points the preview to a new query id and drops the old query', () => {
    const root = rootWith({
      tables: [makeTable({ id: 't', queryEditorId: 'a', dataPreviewQueryId: 'old' })],
      queries: [makeQuery({ id: 'old', isDataPreview: true })],
    });
    const next = reduceRoot(root, changeDataPreviewId({ oldQueryId: 'old', newQueryId: 'new' }));
    expect(next.sqlLabTables.tables[0]?.dataPreviewQueryId).toBe('new');
    expect(next.sqlLabQueries.queries.old).toBeUndefined();
  });

  it('closes the preview and drops its query', () => {
    const table = makeTable({ id: 't', queryEditorId: 'a', dataPreviewQueryId: 'p' });
    const root = rootWith({ tables: [table], queries: [makeQuery({ id: 'p' }), makeQuery({ id: 'keep' })] });
    const next = reduceRoot(root, removeDataPreview({ table }));
    expect(next.sqlLabTables.tables[0]?.dataPreviewQueryId).toBeNull();
    expect(Object.keys(next.sqlLabQueries.queries)).toEqual(['keep']);
  });
});
