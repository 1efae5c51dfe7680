import type { SqlLabDatabase } from '@tessera/contracts';
import type { RootState } from '../../../app/store';
import { toastAdded } from '../../../shared/toasts/toasts-slice';
import { sqlLabApi } from '../api/sqllab-api';
import { sqlLabConf } from '../conf/sqllab-conf';
import {
  changeDataPreviewId,
  createQuery,
  isActiveState,
  mergeTable,
  selectQueryEditor,
  type Query,
  type QueryEditor,
  type Table,
} from '../state';
import { sqlLabState, type AppThunk } from '../store/sqllab-store';
import { offsetOf, sqlToRun, templateParamsToSend } from './execute-request';
import { runQuery, stopRunningQuery } from './run-query';
import { statementAt } from './statements';

export const NO_DATABASE_MESSAGE = 'Choose a database to run the query on.';

/** What to run: the selection or the whole editor, or only the statement under the cursor. */
export type RunMode = 'all' | 'statement';

function databaseOf(state: RootState, dbId: number | null): SqlLabDatabase | undefined {
  const databases = sqlLabApi.endpoints.getSqlLabDatabases.select(undefined)(state).data ?? [];
  return databases.find((database) => database.id === dbId);
}

function confOf(state: RootState) {
  return sqlLabConf(state.session.common?.conf, state.session.common?.feature_flags);
}

function latestQuery(state: RootState, editor: QueryEditor): Query | null {
  const { queries } = sqlLabState(state).sqlLabQueries;
  return editor.latestQueryId === null ? null : (queries[editor.latestQueryId] ?? null);
}

/** The SQL a run of the editor sends, or null when there is nothing to run. */
export function editorSqlFor(editor: QueryEditor, mode: RunMode, cursor?: number): string | null {
  const sql =
    mode === 'statement'
      ? (statementAt(editor.sql, cursor ?? offsetOf(editor.sql, editor.cursorPosition))?.text ?? '')
      : sqlToRun(editor.sql, editor.selectedText);
  return sql.trim() === '' ? null : sql;
}

/**
 * Runs a tab's SQL (the selection if any, else everything; or the statement under the cursor) on the
 * tab's database. Nothing happens while the tab's latest query is still active.
 */
export function runEditor(editorId: string, mode: RunMode = 'all', cursor?: number): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const state = getState();
    const editor = selectQueryEditor(sqlLabState(state), editorId);
    if (editor === null) return;
    const latest = latestQuery(state, editor);
    if (latest !== null && isActiveState(latest.state)) return;
    const database = databaseOf(state, editor.dbId);
    if (database === undefined) {
      dispatch(toastAdded('warning', NO_DATABASE_MESSAGE));
      return;
    }
    const sql = editorSqlFor(editor, mode, cursor);
    if (sql === null) return;
    const query = createQuery(
      {
        dbId: database.id,
        sql,
        sqlEditorId: editor.id,
        tab: editor.name,
        catalog: editor.catalog,
        schema: editor.schema,
        runAsync: database.allow_run_async,
        templateParams: templateParamsToSend(editor.templateParams),
        queryLimit: editor.queryLimit > 0 ? editor.queryLimit : confOf(state).defaultQueryLimit,
      },
      Date.now(),
    );
    await dispatch(runQuery(query, window.location.search));
  };
}

/** Re-runs a past query's SQL in its tab, on the database and schema it ran on. */
export function rerunQuery(
  editorId: string,
  past: Pick<Query, 'dbId' | 'sql' | 'schema' | 'catalog' | 'templateParams'>,
): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const state = getState();
    const editor = selectQueryEditor(sqlLabState(state), editorId);
    const database = databaseOf(state, past.dbId);
    if (editor === null) return;
    if (database === undefined) {
      dispatch(toastAdded('warning', NO_DATABASE_MESSAGE));
      return;
    }
    const query = createQuery(
      {
        dbId: database.id,
        sql: past.sql,
        sqlEditorId: editor.id,
        tab: editor.name,
        catalog: past.catalog,
        schema: past.schema,
        runAsync: database.allow_run_async,
        templateParams: past.templateParams,
        queryLimit: editor.queryLimit > 0 ? editor.queryLimit : confOf(state).defaultQueryLimit,
      },
      Date.now(),
    );
    await dispatch(runQuery(query, window.location.search));
  };
}

/** Stops the tab's latest query when it is still active. */
export function stopEditor(editorId: string): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const state = getState();
    const editor = selectQueryEditor(sqlLabState(state), editorId);
    const latest = editor === null ? null : latestQuery(state, editor);
    if (latest === null || !isActiveState(latest.state)) return;
    await dispatch(stopRunningQuery(latest.id));
  };
}

/**
 * Runs a table's `SELECT *` as a data preview under a new query id (spec 000 §2); a preview that ran
 * before is replaced. Databases that disable data preview get nothing.
 */
export function runDataPreview(table: Table): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const state = getState();
    const editor = selectQueryEditor(sqlLabState(state), table.queryEditorId);
    const database = databaseOf(state, table.dbId);
    if (editor === null || database === undefined || database.disable_data_preview) return;
    if (table.selectStar === null) return;
    const query = createQuery(
      {
        dbId: table.dbId,
        sql: table.selectStar,
        sqlEditorId: editor.id,
        tab: editor.name,
        catalog: table.catalog,
        schema: table.schema,
        runAsync: database.allow_run_async,
        isDataPreview: true,
        queryLimit: confOf(state).defaultQueryLimit,
      },
      Date.now(),
    );
    if (table.dataPreviewQueryId === null) {
      dispatch(mergeTable({ table, queryId: query.id }));
    } else {
      dispatch(changeDataPreviewId({ oldQueryId: table.dataPreviewQueryId, newQueryId: query.id }));
    }
    await dispatch(runQuery(query, window.location.search));
  };
}
