import type { TabState } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { initialEditorsState, type PersistedSqlLab, type QueryEditor } from '../state';
import { makeEditor, makeTable } from '../state/test-fixtures';
import { planHydration } from './hydrate-plan';

const T = 1_700_000_000_000;

function tabState(id: number, fields: Partial<TabState> = {}): TabState {
  return {
    id,
    user_id: 1,
    label: `Server ${id}`,
    active: false,
    database_id: 1,
    catalog: null,
    schema: 'main',
    table_schemas: [],
    sql: `SELECT ${id}`,
    query_limit: 100,
    latest_query: null,
    autorun: false,
    template_params: null,
    hide_left_bar: false,
    saved_query: null,
    extra_json: JSON.stringify({ updatedAt: T, version: 1 }),
    ...fields,
  };
}

function local(
  editors: QueryEditor[],
  fields: Partial<PersistedSqlLab['sqlLabEditors']> = {},
): PersistedSqlLab {
  return {
    sqlLabEditors: { ...initialEditorsState, queryEditors: editors, ...fields },
    sqlLabQueries: { queries: {}, queriesLastUpdate: 0 },
    sqlLabTables: { tables: [] },
  };
}

describe('planHydration', () => {
  it('without a server snapshot, starts from local storage as it is', () => {
    const stored = local([makeEditor({ id: 'a' })], { tabHistory: ['a'] });
    const plan = planHydration(stored, null);
    expect(plan.editors).toBe(stored.sqlLabEditors);
    expect(planHydration(null, null).editors.queryEditors).toEqual([]);
  });

  it('takes the server tabs, their panels and latest queries, with the server active tab', () => {
    const plan = planHydration(null, {
      tabs: [
        tabState(1),
        tabState(2, {
          table_schemas: [
            {
              id: 9,
              tab_state_id: 2,
              database_id: 1,
              catalog: null,
              schema: 'main',
              table: 'births',
              description: {},
              expanded: false,
            },
          ],
        }),
      ],
      unloaded: [{ id: '3', label: 'Later' }],
      activeId: '2',
    });
    expect(plan.editors.queryEditors.map((qe) => [qe.id, qe.name, qe.sql, qe.loaded])).toEqual([
      ['1', 'Server 1', 'SELECT 1', true],
      ['2', 'Server 2', 'SELECT 2', true],
      ['3', 'Later', '', false],
    ]);
    expect(plan.editors.tabHistory).toEqual(['2']);
    expect(plan.editors.lastUpdatedActiveTab).toBe('2');
    expect(plan.tables.map((table) => [table.id, table.queryEditorId, table.name, table.expanded])).toEqual([
      ['9', '2', 'births', false],
    ]);
    expect(plan.clearLocalStorage).toBe(true);
  });

  it('keeps newer local copies and local-only tabs, drops stored server tabs the server no longer has', () => {
    const newer = makeEditor({ id: '1', tabViewId: '1', inLocalStorage: false, sql: 'SELECT newer' });
    const older = makeEditor({ id: '2', tabViewId: '2', inLocalStorage: false, sql: 'SELECT older' });
    const closedElsewhere = makeEditor({ id: '7', tabViewId: '7', inLocalStorage: false });
    const localOnly = makeEditor({ id: 'localTab001' });
    const stored = local(
      [{ ...newer, updatedAt: T + 50 }, { ...older, updatedAt: T - 50 }, closedElsewhere, localOnly],
      {
        tabHistory: ['1', 'localTab001'],
        lastUpdatedActiveTab: '1',
      },
    );
    stored.sqlLabTables.tables = [
      makeTable({ id: 'localPanel1', queryEditorId: 'localTab001' }),
      makeTable({ id: 'gonePanel01', queryEditorId: '7' }),
    ];

    const plan = planHydration(stored, { tabs: [tabState(1), tabState(2)], unloaded: [], activeId: '1' });

    expect(plan.editors.queryEditors.map((qe) => [qe.id, qe.sql])).toEqual([
      ['1', 'SELECT newer'],
      ['2', 'SELECT 2'],
      ['localTab001', 'SELECT 1'],
    ]);
    // The local switch to localTab001 was never pushed, so it stays the active tab.
    expect(plan.editors.tabHistory).toEqual(['1', 'localTab001']);
    // The newer local copy of tab 1 is pushed on the next pass.
    expect(plan.editors.editorTabLastUpdatedAt).toBe(T + 49);
    expect(plan.tables.map((table) => table.id)).toEqual(['localPanel1']);
    expect(plan.clearLocalStorage).toBe(false);
  });

  it('does not bring back a tab closed here that the server has not deleted yet', () => {
    const stored = local([], { destroyedQueryEditors: { '2': T } });
    const plan = planHydration(stored, { tabs: [tabState(1), tabState(2)], unloaded: [], activeId: '2' });
    expect(plan.editors.queryEditors.map((qe) => qe.id)).toEqual(['1']);
    expect(plan.editors.tabHistory).toEqual(['1']);
    expect(plan.editors.destroyedQueryEditors).toEqual({ '2': T });
  });
});
