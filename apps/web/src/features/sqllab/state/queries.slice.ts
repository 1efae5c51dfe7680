import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { QueryDict, SupersetError } from '@tessera/contracts';
import {
  changeDataPreviewId,
  migrateQueryEditor,
  removeAllOtherEditors,
  removeDataPreview,
  removeQueryEditor,
  sqlLabHydrated,
  startQuery,
  withNow,
} from './actions';
import { changedOnMs, queryTimes, refreshedQuery } from './query-refresh';
import type { Query, QueryResults, ResultsPayload } from './types';

export interface QueriesState {
  /** By client id. */
  queries: Record<string, Query>;
  /** Latest server `changed_on` seen by polling (epoch ms); the next poll asks for changes since. */
  queriesLastUpdate: number;
}

export const initialQueriesState: QueriesState = { queries: {}, queriesLastUpdate: 0 };

function dropQueries(state: QueriesState, drop: (query: Query) => boolean): void {
  if (!Object.values(state.queries).some(drop)) return;
  state.queries = Object.fromEntries(Object.entries(state.queries).filter(([, query]) => !drop(query)));
}

export const queriesSlice = createSlice({
  name: 'sqlLabQueries',
  initialState: initialQueriesState,
  reducers: {
    querySuccess: {
      reducer(state, action: PayloadAction<{ id: string; results: ResultsPayload; now: number }>) {
        const { id, results, now } = action.payload;
        const query = state.queries[id];
        // A result that arrives after Stop, or that reports anything but success, is not shown.
        if (!query || query.state === 'stopped' || results.status !== 'success') return;
        const info = results.query;
        Object.assign(query, {
          state: 'success',
          // The server's own start and end when it sent them, else this browser's end.
          ...queryTimes({ startDttm: query.startDttm, endDttm: now }, info),
          progress: 100,
          results: {
            status: results.status,
            data: results.data,
            columns: results.columns,
            selected_columns: results.selected_columns,
            expanded_columns: results.expanded_columns,
            displayLimitReached: results.displayLimitReached ?? false,
          },
          rows: info.rows ?? results.data.length,
          limitingFactor: info.limitingFactor ?? query.limitingFactor,
          tempSchema: info.tempSchema ?? query.tempSchema,
          tempTable: info.tempTable ?? query.tempTable,
          executedSql: info.executedSql ?? query.executedSql,
          resultsKey: info.resultsKey ?? query.resultsKey,
          errors: null,
          errorMessage: null,
          cached: false,
        } satisfies Partial<Query>);
      },
      prepare: (input: { id: string; results: ResultsPayload; now?: number }) => withNow(input),
    },
    /**
     * The first rows of a sync run whose body is still arriving: shown while the query runs, until
     * querySuccess puts the whole result in their place. Only a running query without rows takes them.
     */
    queryRowsArrived(state, action: PayloadAction<{ id: string; results: QueryResults }>) {
      const { id, results } = action.payload;
      const query = state.queries[id];
      if (query?.state !== 'running' || (query.results?.data.length ?? 0) > 0) return;
      query.results = results;
    },
    queryFailed: {
      reducer(
        state,
        action: PayloadAction<{
          id: string;
          errorMessage: string;
          errors?: SupersetError[] | null;
          link?: string | null;
          now: number;
        }>,
      ) {
        const { id, errorMessage, errors, link, now } = action.payload;
        const query = state.queries[id];
        if (!query || query.state === 'stopped') return;
        Object.assign(query, {
          state: 'failed',
          errors: errors ?? null,
          errorMessage,
          link: link ?? null,
          endDttm: now,
        } satisfies Partial<Query>);
      },
      prepare: (input: {
        id: string;
        errorMessage: string;
        errors?: SupersetError[] | null;
        link?: string | null;
        now?: number;
      }) => withNow(input),
    },
    stopQuery(state, action: PayloadAction<{ id: string }>) {
      const query = state.queries[action.payload.id];
      if (!query) return;
      query.state = 'stopped';
      query.results = null;
    },
    /** An async query's results are being fetched by its results key. */
    requestQueryResults(state, action: PayloadAction<{ id: string }>) {
      const query = state.queries[action.payload.id];
      if (query) query.state = 'fetching';
    },
    /** Frees the rows; the result can be fetched again from the results backend. */
    clearQueryResults(state, action: PayloadAction<{ id: string }>) {
      const query = state.queries[action.payload.id];
      if (!query) return;
      if (query.results) query.results.data = [];
      query.cached = true;
    },
    /** Polled reports (`updated_since`, or a 202 execute), parsed by the contracts' schemas. */
    refreshQueries(state, action: PayloadAction<{ queries: QueryDict[] }>) {
      for (const update of action.payload.queries) {
        const existing = state.queries[update.id];
        const next = refreshedQuery(existing, update);
        if (next !== existing) state.queries[update.id] = next;
        const changedAt = changedOnMs(update.changed_on);
        if (changedAt !== null && changedAt > state.queriesLastUpdate) state.queriesLastUpdate = changedAt;
      }
    },
    /**
     * On load: queries left running or pending for longer than `interval` without progress are
     * dropped; any other query that holds results takes the status of those results.
     */
    clearInactiveQueries: {
      reducer(state, action: PayloadAction<{ interval: number; now: number }>) {
        const { interval, now } = action.payload;
        dropQueries(
          state,
          (query) =>
            (query.state === 'running' || query.state === 'pending') &&
            now - query.startDttm > interval &&
            query.progress === 0,
        );
        for (const query of Object.values(state.queries)) {
          const status = query.results?.status;
          if (status && status !== query.state) query.state = status;
        }
      },
      prepare: (input: { interval: number; now?: number }) => withNow(input),
    },
    removeQuery(state, action: PayloadAction<{ id: string }>) {
      dropQueries(state, (query) => query.id === action.payload.id);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sqlLabHydrated, (state, action) => {
        state.queries = action.payload.queries;
      })
      .addCase(startQuery, (state, action) => {
        const { query, previousQueryId } = action.payload;
        const previous = previousQueryId === null ? undefined : state.queries[previousQueryId];
        if (previous?.results && previousQueryId !== query.id) previous.results.data = [];
        state.queries[query.id] = { ...query, state: query.runAsync ? 'pending' : 'running', progress: 0 };
      })
      .addCase(removeQueryEditor, (state, action) => {
        dropQueries(state, (query) => query.sqlEditorId === action.payload.id);
      })
      .addCase(removeAllOtherEditors, (state, action) => {
        const { keepId } = action.payload;
        dropQueries(state, (query) => query.sqlEditorId !== null && query.sqlEditorId !== keepId);
      })
      .addCase(migrateQueryEditor, (state, action) => {
        const { oldId, tabViewId } = action.payload;
        for (const query of Object.values(state.queries)) {
          if (query.sqlEditorId === oldId) query.sqlEditorId = tabViewId;
        }
      })
      .addCase(changeDataPreviewId, (state, action) => {
        dropQueries(state, (query) => query.id === action.payload.oldQueryId);
      })
      .addCase(removeDataPreview, (state, action) => {
        const { dataPreviewQueryId } = action.payload.table;
        if (dataPreviewQueryId !== null) dropQueries(state, (query) => query.id === dataPreviewQueryId);
      });
  },
});

export const {
  querySuccess,
  queryRowsArrived,
  queryFailed,
  stopQuery,
  requestQueryResults,
  clearQueryResults,
  refreshQueries,
  clearInactiveQueries,
  removeQuery,
} = queriesSlice.actions;
