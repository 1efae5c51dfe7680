import { QUERY_STATES } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { removeAllOtherEditors, removeQueryEditor, startQuery } from './actions';
import {
  clearInactiveQueries,
  clearQueryResults,
  queriesSlice,
  queryFailed,
  querySuccess,
  refreshQueries,
  removeQuery,
  requestQueryResults,
  stopQuery,
  type QueriesState,
} from './queries.slice';
import { isActiveState, isFinishedState, STATUS_BADGE_COLORS, statusBadgeColor } from './query-states';
import { startQueryFor } from './start-query';
import {
  editorsWith,
  makeEditor,
  makeQuery,
  makeQueryDict,
  makeResults,
  makeResultsPayload,
  reduceRoot,
  rootWith,
  T0,
} from './test-fixtures';
import type { Query } from './types';

const reduce = queriesSlice.reducer;

function withQueries(...queries: Query[]): QueriesState {
  return { queries: Object.fromEntries(queries.map((query) => [query.id, query])), queriesLastUpdate: 0 };
}

function query(state: QueriesState, id: string): Query {
  const found = state.queries[id];
  if (!found) throw new Error(`no query ${id}`);
  return found;
}

const successPayload = makeResultsPayload({
  data: [{ n: 1 }],
  query: {
    ...makeResultsPayload().query,
    rows: 1,
    limitingFactor: 'DROPDOWN',
    tempSchema: 'tmp',
    tempTable: 'tt',
    resultsKey: 'key-1',
  },
});

describe('startQuery', () => {
  it('is pending when async and running otherwise, at progress 0', () => {
    const asyncRun = reduce(
      undefined,
      startQuery({ query: makeQuery({ id: 'q1', runAsync: true, progress: 50 }), previousQueryId: null }),
    );
    expect(query(asyncRun, 'q1')).toMatchObject({ state: 'pending', progress: 0 });
    const syncRun = reduce(
      undefined,
      startQuery({ query: makeQuery({ id: 'q2', state: 'success' }), previousQueryId: null }),
    );
    expect(query(syncRun, 'q2').state).toBe('running');
  });

  it("clears the result data of the tab's previous latest query", () => {
    const previous = makeQuery({ id: 'old', state: 'success', results: makeResults() });
    const next = reduce(
      withQueries(previous),
      startQuery({ query: makeQuery({ id: 'new' }), previousQueryId: 'old' }),
    );
    expect(query(next, 'old').results?.data).toEqual([]);
    expect(query(next, 'old').results?.columns).toHaveLength(1);
  });

  it('takes the previous latest query from the tab, its unsaved edits included', () => {
    const editors = editorsWith([makeEditor({ id: 'a', latestQueryId: 'old' })]);
    const old = makeQuery({ id: 'old', sqlEditorId: 'a', state: 'success', results: makeResults() });
    const root = rootWith({ editors, queries: [old] });
    const started = makeQuery({ id: 'new', sqlEditorId: 'a', startDttm: T0 + 10 });
    const action = startQueryFor(root, started);
    expect(action.payload.previousQueryId).toBe('old');
    const next = reduceRoot(root, action);
    expect(next.sqlLabQueries.queries.old?.results?.data).toEqual([]);
    expect(next.sqlLabEditors.unsavedQueryEditor).toMatchObject({ id: 'a', latestQueryId: 'new' });
    const again = reduceRoot(next, startQueryFor(next, makeQuery({ id: 'third', sqlEditorId: 'a' })));
    expect(again.sqlLabQueries.queries.new).toBeDefined();
    expect(startQueryFor(again, makeQuery({ id: 'x', sqlEditorId: 'a' })).payload.previousQueryId).toBe(
      'third',
    );
  });

  it("leaves the tab's result alone when a table preview starts", () => {
    const editors = editorsWith([makeEditor({ id: 'a', latestQueryId: 'old' })]);
    const root = rootWith({
      editors,
      queries: [makeQuery({ id: 'old', sqlEditorId: 'a', results: makeResults() })],
    });
    const preview = makeQuery({ id: 'p', sqlEditorId: 'a', isDataPreview: true });
    const next = reduceRoot(root, startQueryFor(root, preview));
    expect(next.sqlLabQueries.queries.old?.results?.data).toHaveLength(2);
    expect(next.sqlLabEditors).toBe(root.sqlLabEditors);
  });
});

describe('querySuccess', () => {
  it('stores end time, progress, rows, limit, temp table, results key and clears the error', () => {
    const running = makeQuery({ id: 'q', errorMessage: 'old', errors: [] });
    const next = reduce(
      withQueries(running),
      querySuccess({ id: 'q', results: successPayload, now: T0 + 50 }),
    );
    expect(query(next, 'q')).toMatchObject({
      state: 'success',
      endDttm: T0 + 50,
      progress: 100,
      rows: 1,
      limitingFactor: 'DROPDOWN',
      tempSchema: 'tmp',
      tempTable: 'tt',
      resultsKey: 'key-1',
      errorMessage: null,
      errors: null,
      cached: false,
    });
    expect(query(next, 'q').results).toMatchObject({
      status: 'success',
      data: [{ n: 1 }],
      displayLimitReached: false,
    });
  });

  it('is ignored when the query was stopped or the results do not report success', () => {
    const stopped = withQueries(makeQuery({ id: 'q', state: 'stopped' }));
    expect(reduce(stopped, querySuccess({ id: 'q', results: successPayload }))).toBe(stopped);
    const running = withQueries(makeQuery({ id: 'q' }));
    expect(reduce(running, querySuccess({ id: 'q', results: { ...successPayload, status: 'failed' } }))).toBe(
      running,
    );
  });
});

describe('queryFailed', () => {
  const error = {
    message: 'boom',
    error_type: 'GENERIC_DB_ENGINE_ERROR' as const,
    level: 'error' as const,
    extra: null,
  };

  it('stores errors, message, link and end time', () => {
    const next = reduce(
      withQueries(makeQuery({ id: 'q' })),
      queryFailed({ id: 'q', errorMessage: 'boom', errors: [error], link: 'https://help', now: T0 + 3 }),
    );
    expect(query(next, 'q')).toMatchObject({
      state: 'failed',
      errors: [error],
      errorMessage: 'boom',
      link: 'https://help',
      endDttm: T0 + 3,
    });
  });

  it('is ignored when the query was stopped', () => {
    const stopped = withQueries(makeQuery({ id: 'q', state: 'stopped' }));
    expect(reduce(stopped, queryFailed({ id: 'q', errorMessage: 'late' }))).toBe(stopped);
  });
});

describe('stop, fetch, clear and remove', () => {
  it('stops a query and empties its results', () => {
    const next = reduce(withQueries(makeQuery({ id: 'q', results: makeResults() })), stopQuery({ id: 'q' }));
    expect(query(next, 'q')).toMatchObject({ state: 'stopped', results: null });
  });

  it('marks results being fetched', () => {
    const next = reduce(
      withQueries(makeQuery({ id: 'q', state: 'success' })),
      requestQueryResults({ id: 'q' }),
    );
    expect(query(next, 'q').state).toBe('fetching');
  });

  it('empties the data of cleared results and marks them cached', () => {
    const next = reduce(
      withQueries(makeQuery({ id: 'q', results: makeResults() })),
      clearQueryResults({ id: 'q' }),
    );
    expect(query(next, 'q').results?.data).toEqual([]);
    expect(query(next, 'q').cached).toBe(true);
  });

  it('removes a query', () => {
    const next = reduce(
      withQueries(makeQuery({ id: 'q' }), makeQuery({ id: 'r' })),
      removeQuery({ id: 'q' }),
    );
    expect(Object.keys(next.queries)).toEqual(['r']);
  });

  it('drops the queries of a removed tab, or of all other tabs', () => {
    const state = withQueries(
      makeQuery({ id: 'qa', sqlEditorId: 'a' }),
      makeQuery({ id: 'qb', sqlEditorId: 'b' }),
      makeQuery({ id: 'preview', sqlEditorId: null }),
    );
    expect(Object.keys(reduce(state, removeQueryEditor({ id: 'a' })).queries)).toEqual(['qb', 'preview']);
    expect(Object.keys(reduce(state, removeAllOtherEditors({ keepId: 'a' })).queries)).toEqual([
      'qa',
      'preview',
    ]);
  });
});

const report = makeQueryDict;

describe('refreshQueries', () => {
  it('never overwrites stopped or failed queries', () => {
    const state = withQueries(
      makeQuery({ id: 's', state: 'stopped' }),
      makeQuery({ id: 'f', state: 'failed' }),
    );
    const next = reduce(
      state,
      refreshQueries({
        queries: [report({ id: 's', state: 'success' }), report({ id: 'f', state: 'success' })],
      }),
    );
    expect(next.queries).toBe(state.queries);
  });

  it('does not let a success report override fetching, success or running', () => {
    for (const current of ['fetching', 'success', 'running'] as const) {
      const state = withQueries(makeQuery({ id: 'q', state: current }));
      const next = reduce(
        state,
        refreshQueries({ queries: [report({ id: 'q', state: 'success', progress: 100 })] }),
      );
      expect(query(next, 'q').state).toBe(current);
      expect(query(next, 'q').progress).toBe(100);
    }
    const pending = withQueries(makeQuery({ id: 'q', state: 'pending' }));
    const next = reduce(
      pending,
      refreshQueries({ queries: [report({ id: 'q', state: 'success', resultsKey: 'k' })] }),
    );
    expect(query(next, 'q')).toMatchObject({ state: 'success', resultsKey: 'k' });
  });

  it('keeps unchanged queries as they were', () => {
    const changed_on = report({ id: 'u' }).changed_on;
    const unchanged = makeQuery({ id: 'u', state: 'running', progress: 10, extra: { a: [1] }, changed_on });
    const changing = makeQuery({ id: 'c', state: 'running', progress: 10 });
    const state = withQueries(unchanged, changing);
    const next = reduce(
      state,
      refreshQueries({
        queries: [report({ id: 'u', progress: 10, extra: { a: [1] } }), report({ id: 'c', progress: 60 })],
      }),
    );
    expect(next.queries.u).toBe(unchanged);
    expect(query(next, 'c').progress).toBe(60);
    const quiet = reduce(
      state,
      refreshQueries({ queries: [report({ id: 'u', progress: 10, extra: { a: [1] } })] }),
    );
    expect(quiet.queries).toBe(state.queries);
  });

  it('adds queries it did not know and advances the last update time', () => {
    const next = reduce(
      undefined,
      refreshQueries({
        queries: [
          report({ id: 'n', dbId: 3, sql: 'SELECT 3', changed_on: '2024-01-02T03:04:05.678901' }),
          report({ id: 'm', changed_on: '2024-01-01T00:00:00+00:00' }),
        ],
      }),
    );
    expect(query(next, 'n')).toMatchObject({ dbId: 3, sql: 'SELECT 3', state: 'running', results: null });
    expect(next.queriesLastUpdate).toBe(Date.UTC(2024, 0, 2, 3, 4, 5, 678));
  });
});

describe('clearInactiveQueries', () => {
  it('drops queries stuck running or pending without progress, and applies result statuses', () => {
    const interval = 60_000;
    const now = T0 + 120_000;
    const state = withQueries(
      makeQuery({ id: 'stuck', state: 'running', progress: 0, startDttm: T0 }),
      makeQuery({ id: 'stuckPending', state: 'pending', progress: 0, startDttm: T0 }),
      makeQuery({ id: 'moving', state: 'running', progress: 30, startDttm: T0 }),
      makeQuery({ id: 'recent', state: 'pending', progress: 0, startDttm: now - 1000 }),
      makeQuery({ id: 'fetched', state: 'fetching', results: makeResults({ status: 'success' }) }),
    );
    const next = reduce(state, clearInactiveQueries({ interval, now }));
    expect(Object.keys(next.queries).sort()).toEqual(['fetched', 'moving', 'recent']);
    expect(query(next, 'fetched').state).toBe('success');
    expect(query(next, 'moving').state).toBe('running');
  });
});

describe('query states', () => {
  it('splits the states into active and finished', () => {
    expect(QUERY_STATES.filter(isActiveState)).toEqual([
      'started',
      'pending',
      'running',
      'scheduled',
      'fetching',
    ]);
    expect(QUERY_STATES.filter(isFinishedState)).toEqual(['stopped', 'failed', 'success', 'timed_out']);
  });

  it('colours the status badges', () => {
    expect(STATUS_BADGE_COLORS).toEqual({
      offline: 'danger',
      failed: 'danger',
      stopped: 'danger',
      pending: 'info',
      fetching: 'info',
      running: 'warning',
      success: 'success',
    });
    expect(statusBadgeColor('running')).toBe('warning');
    expect(statusBadgeColor('scheduled')).toBeNull();
  });
});

describe('start and end times from one clock (issue #10)', () => {
  // The browser's clock runs 26.6 s ahead of the server's; the query took 10 ms on the server.
  const SKEW = 26_600;
  const serverStart = T0;
  const serverEnd = T0 + 10;

  it("takes the server's start and end from a sync result", () => {
    const state = withQueries(makeQuery({ id: 'q', startDttm: serverStart + SKEW }));
    const next = reduce(
      state,
      querySuccess({
        id: 'q',
        results: {
          ...successPayload,
          query: { ...successPayload.query, startDttm: serverStart, endDttm: serverEnd },
        },
        now: serverEnd + SKEW + 40,
      }),
    );
    const done = query(next, 'q');
    expect(done.endDttm).not.toBeNull();
    expect((done.endDttm ?? 0) - done.startDttm).toBe(10);
  });

  it("keeps this browser's pair when the result carries no times", () => {
    const state = withQueries(makeQuery({ id: 'q', startDttm: T0 }));
    const next = reduce(state, querySuccess({ id: 'q', results: successPayload, now: T0 + 50 }));
    expect(query(next, 'q')).toMatchObject({ startDttm: T0, endDttm: T0 + 50 });
  });

  it("never pairs the server's start with this browser's end", () => {
    // Polled while running (server start, no end), then the result arrives without times.
    const running = reduce(
      withQueries(makeQuery({ id: 'q', startDttm: serverStart + SKEW })),
      refreshQueries({ queries: [report({ id: 'q', state: 'running', startDttm: serverStart })] }),
    );
    const polled = reduce(
      running,
      refreshQueries({
        queries: [report({ id: 'q', state: 'success', startDttm: serverStart, endDttm: serverEnd })],
      }),
    );
    const done = query(polled, 'q');
    expect((done.endDttm ?? 0) - done.startDttm).toBe(10);

    // A finished query that a later report gives a start but no end keeps its own pair.
    const finished = withQueries(
      makeQuery({ id: 'f', state: 'success', startDttm: T0 + SKEW, endDttm: T0 + SKEW + 10 }),
    );
    const next = reduce(
      finished,
      refreshQueries({ queries: [report({ id: 'f', state: 'success', startDttm: serverStart })] }),
    );
    expect(query(next, 'f')).toMatchObject({ startDttm: T0 + SKEW, endDttm: T0 + SKEW + 10 });
  });
});
