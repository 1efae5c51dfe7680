import type { RootState } from '../../../app/store';
import { errorText } from '../../../shared/errors/to-api-error';
import { toastAdded } from '../../../shared/toasts/toasts-slice';
import { sqlLabApi } from '../api/sqllab-api';
import { sqlLabConf } from '../conf/sqllab-conf';
import {
  addQueryEditor,
  costEstimateFailed,
  costEstimateReturned,
  costEstimateStarted,
  editorDefaultsFromConf,
  selectQueryEditor,
  setSql,
  type AddQueryEditorInput,
} from '../state';
import { sqlLabState, type AppThunk } from '../store/sqllab-store';
import { parseTemplateParams } from '../controls/template-params';
import { sqlToRun } from './execute-request';

export const FORMAT_FAILED_MESSAGE = 'The SQL could not be formatted';

function exposedDatabaseIds(state: RootState): number[] {
  return (sqlLabApi.endpoints.getSqlLabDatabases.select(undefined)(state).data ?? []).map(
    (database) => database.id,
  );
}

/**
 * Opens a new tab ('Untitled Query N') with the configured limit and default database
 * (SQLLAB_DEFAULT_DBID, else the lowest exposed database id). `fields` preset its SQL, database, ….
 */
export function addNewTab(
  fields: Omit<AddQueryEditorInput, 'defaults' | 'backendPersistence'> = {},
): AppThunk {
  return (dispatch, getState) => {
    const state = getState();
    const conf = state.session.common?.conf ?? {};
    const { backendPersistence } = sqlLabConf(conf, state.session.common?.feature_flags);
    dispatch(
      addQueryEditor({
        ...fields,
        defaults: editorDefaultsFromConf(conf, exposedDatabaseIds(state)),
        backendPersistence,
      }),
    );
  };
}

/** Opens a first tab when there is none (it is safe to call twice, as React's strict mode does). */
export function ensureTab(): AppThunk {
  return (dispatch, getState) => {
    if (sqlLabState(getState()).sqlLabEditors.queryEditors.length === 0) dispatch(addNewTab());
  };
}

/** Formats the tab's SQL on the server (`format_sql`, the database's dialect) and puts it back. */
export function formatEditorSql(editorId: string): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const editor = selectQueryEditor(sqlLabState(getState()), editorId);
    if (editor === null || editor.sql.trim() === '') return;
    const outcome = await dispatch(
      sqlLabApi.endpoints.formatSql.initiate(
        { sql: editor.sql, ...(editor.dbId === null ? {} : { database_id: editor.dbId }) },
        { track: false },
      ),
    );
    if (outcome.error !== undefined) {
      dispatch(toastAdded('danger', `${FORMAT_FAILED_MESSAGE}: ${errorText(outcome.error)}`));
      return;
    }
    dispatch(setSql({ id: editorId, sql: outcome.data }));
  };
}

/** Asks the server for the cost of the tab's SQL (the selection if any); the result goes to the tab's estimate. */
export function estimateEditorCost(editorId: string): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const editor = selectQueryEditor(sqlLabState(getState()), editorId);
    if (editor === null) return;
    const { dbId } = editor;
    if (dbId === null) return;
    const sql = sqlToRun(editor.sql, editor.selectedText);
    if (sql.trim() === '') return;
    dispatch(costEstimateStarted({ editorId }));
    const outcome = await dispatch(
      sqlLabApi.endpoints.estimateCost.initiate(
        {
          database_id: dbId,
          sql,
          template_params: parseTemplateParams(editor.templateParams),
          catalog: editor.catalog,
          schema: editor.schema,
        },
        { track: false },
      ),
    );
    if (outcome.error !== undefined) {
      dispatch(costEstimateFailed({ editorId, error: errorText(outcome.error) }));
      return;
    }
    dispatch(costEstimateReturned({ editorId, cost: outcome.data }));
  };
}
