import { combineReducers } from '@reduxjs/toolkit';
import type { QueryDict } from '@tessera/contracts';
import { createQueryEditor } from './editor-defaults';
import { initialEditorsState, type EditorsState } from './editors.slice';
import { sqlLabReducers } from './index';
import { createQuery } from './query-factory';
import type { SqlLabRootState } from './root-state';
import { createTable, type TableInput } from './tables.slice';
import type { Query, QueryEditor, QueryResults, ResultsPayload, Table } from './types';

// Builders for the unit tests of this folder.

export const T0 = 1_700_000_000_000;

export function makeEditor(fields: Partial<QueryEditor> & { id: string }): QueryEditor {
  return createQueryEditor({ name: `Tab ${fields.id}`, dbId: 1, sql: 'SELECT 1', ...fields }, T0);
}

export function makeQuery(fields: Partial<Query> & { id: string }): Query {
  return createQuery({ dbId: 1, sql: 'SELECT 1', state: 'running', ...fields }, T0);
}

export function makeResults(fields: Partial<QueryResults> = {}): QueryResults {
  const columns = [{ column_name: 'n', type: 'INTEGER', is_dttm: false, type_generic: 0 as const }];
  return {
    status: 'success',
    data: [{ n: 1 }, { n: 2 }],
    columns,
    selected_columns: columns,
    expanded_columns: [],
    displayLimitReached: false,
    ...fields,
  };
}

/** A success body as `querySuccess` takes it; the query report carries no times unless given. */
export function makeResultsPayload(fields: Partial<ResultsPayload> = {}): ResultsPayload {
  const { status, ...results } = makeResults();
  return {
    ...results,
    status: status ?? 'success',
    query: {
      rows: null,
      limitingFactor: null,
      tempSchema: null,
      tempTable: null,
      resultsKey: null,
      executedSql: null,
      startDttm: null,
      endDttm: null,
    },
    ...fields,
  };
}

/** A server report of a query (`Query.to_dict()`), as a poll or a tab state carries it. */
export function makeQueryDict(fields: Partial<QueryDict> & { id: string }): QueryDict {
  return {
    queryId: 1,
    serverId: 1,
    dbId: 1,
    db: 'examples',
    sql: 'SELECT 1',
    executedSql: null,
    sqlEditorId: null,
    tab: null,
    catalog: null,
    schema: null,
    limit: null,
    limitingFactor: null,
    progress: 0,
    rows: null,
    state: 'running',
    ctas: false,
    tempSchema: null,
    tempTable: null,
    startDttm: null,
    endDttm: null,
    changed_on: '2024-01-01T00:00:00',
    errorMessage: null,
    resultsKey: null,
    trackingUrl: null,
    userId: 1,
    user: 'admin',
    extra: {},
    ...fields,
  };
}

export function makeTable(fields: Partial<Table> & { id: string; queryEditorId: string }): Table {
  const identity: TableInput = {
    dbId: 1,
    catalog: null,
    schema: 'public',
    name: `t_${fields.id}`,
    ...fields,
  };
  return createTable({ ...identity, id: fields.id });
}

/** Editors state with these tabs; the last id of `history` (default: the first tab) is active. */
export function editorsWith(queryEditors: QueryEditor[], history?: string[]): EditorsState {
  const first = queryEditors[0];
  return { ...initialEditorsState, queryEditors, tabHistory: history ?? (first ? [first.id] : []) };
}

export const reduceRoot = combineReducers(sqlLabReducers);

export function rootWith(parts: {
  editors?: EditorsState;
  queries?: Query[];
  tables?: Table[];
}): SqlLabRootState {
  const base = reduceRoot(undefined, { type: '@@init' });
  return {
    ...base,
    sqlLabEditors: parts.editors ?? base.sqlLabEditors,
    sqlLabQueries: {
      ...base.sqlLabQueries,
      queries: Object.fromEntries((parts.queries ?? []).map((query) => [query.id, query])),
    },
    sqlLabTables: { tables: parts.tables ?? [] },
  };
}
