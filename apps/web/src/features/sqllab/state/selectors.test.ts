import { describe, expect, it } from 'vitest';
import { removeQueryEditor } from './actions';
import { costEstimateStarted } from './costs.slice';
import { addQueryEditor, setSql } from './editors.slice';
import {
  selectActiveEditorId,
  selectActiveLatestQuery,
  selectActiveQueryEditor,
  selectCostEstimate,
  selectEditorQueries,
  selectEditorTables,
  selectQueryEditor,
  selectQueryEditors,
} from './selectors';
import { editorsWith, makeEditor, makeQuery, makeTable, reduceRoot, rootWith, T0 } from './test-fixtures';

function sample() {
  const editors = editorsWith(
    [makeEditor({ id: 'a', latestQueryId: 'q2' }), makeEditor({ id: 'b' })],
    ['b', 'a'],
  );
  return reduceRoot(
    rootWith({
      editors,
      queries: [
        makeQuery({ id: 'q2', sqlEditorId: 'a', startDttm: T0 + 2 }),
        makeQuery({ id: 'q1', sqlEditorId: 'a', startDttm: T0 + 1 }),
        makeQuery({ id: 'qb', sqlEditorId: 'b' }),
      ],
      tables: [makeTable({ id: 't1', queryEditorId: 'a' }), makeTable({ id: 't2', queryEditorId: 'b' })],
    }),
    setSql({ id: 'a', sql: 'pending edit', now: T0 + 3 }),
  );
}

describe('selectors', () => {
  it('gives the active tab with its unsaved edits', () => {
    const state = sample();
    expect(selectActiveEditorId(state)).toBe('a');
    expect(selectActiveQueryEditor(state)).toMatchObject({ id: 'a', sql: 'pending edit', updatedAt: T0 + 3 });
    expect(selectActiveQueryEditor(state)).toBe(selectActiveQueryEditor(state));
    expect(selectQueryEditor(state, 'a')?.sql).toBe('pending edit');
    expect(selectQueryEditor(state, 'zz')).toBeNull();
    expect(selectQueryEditors(state).map((qe) => qe.sql)).toEqual(['pending edit', 'SELECT 1']);
    expect(selectActiveQueryEditor(rootWith({}))).toBeNull();
  });

  it("lists a tab's queries oldest first and its tables", () => {
    const state = sample();
    expect(selectEditorQueries(state, 'a').map((q) => q.id)).toEqual(['q1', 'q2']);
    expect(selectEditorTables(state, 'b').map((t) => t.id)).toEqual(['t2']);
  });

  it('gives the latest query of the active tab', () => {
    expect(selectActiveLatestQuery(sample())?.id).toBe('q2');
    expect(selectActiveLatestQuery(rootWith({}))).toBeNull();
  });

  it('gives the cost estimate of a tab', () => {
    const state = reduceRoot(sample(), costEstimateStarted({ editorId: 'a' }));
    expect(selectCostEstimate(state, 'a')?.completed).toBe(false);
    expect(selectCostEstimate(state, 'b')).toBeNull();
  });
});

describe('mounted together', () => {
  it('removing a tab drops its queries, tables and cost estimate everywhere', () => {
    const state = reduceRoot(
      reduceRoot(sample(), costEstimateStarted({ editorId: 'a' })),
      removeQueryEditor({ id: 'a', now: T0 }),
    );
    expect(state.sqlLabEditors.queryEditors.map((qe) => qe.id)).toEqual(['b']);
    expect(selectActiveEditorId(state)).toBe('b');
    expect(Object.keys(state.sqlLabQueries.queries)).toEqual(['qb']);
    expect(state.sqlLabTables.tables.map((t) => t.id)).toEqual(['t2']);
    expect(state.sqlLabCosts.estimates).toEqual({});
  });

  it('adding a tab leaves the other slices untouched', () => {
    const state = sample();
    const next = reduceRoot(
      state,
      addQueryEditor({ defaults: { queryLimit: 1, dbId: 1 }, backendPersistence: true }),
    );
    expect(next.sqlLabQueries).toBe(state.sqlLabQueries);
    expect(next.sqlLabTables).toBe(state.sqlLabTables);
  });
});
