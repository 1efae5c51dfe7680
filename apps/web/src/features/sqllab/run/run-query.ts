import { LOG_ACTIONS } from '@tessera/contracts';
import { logUserEvent } from '../../../shared/logging/logger';
import { toastAdded } from '../../../shared/toasts/toasts-slice';
import { sqlLabApi } from '../api/sqllab-api';
import { sqlLabConf } from '../conf/sqllab-conf';
import {
  queryFailed,
  queryRowsArrived,
  querySuccess,
  refreshQueries,
  requestQueryResults,
  startQueryFor,
  stopQuery,
  type Query,
  type ResultsPayload,
} from '../state';
import { sqlLabState, type AppThunk } from '../store/sqllab-store';
import { executeRequestFor } from './execute-request';
import { UNKNOWN_ERROR, failureOf, isSessionTimeout } from './failure';
import { onLeadingRows } from '../../../shared/api/leading-rows';
import { toLeadingResults } from '../api/results-payload';

export const QUERY_STOPPED_MESSAGE = 'Query was stopped.';
export const RESULTS_FAILED_MESSAGE = 'Failed at retrieving results';

export function stopFailedMessage(id: string): string {
  return `Failed at stopping query. ${id}`;
}

/**
 * Freezes the row list itself (not each row) before it enters the store. Immer deep-freezes new state
 * unless it is already frozen; walking 100,000 rows x 50 cells for that took longer than rendering
 * them. Rows are never changed in place, so the shallow freeze is enough.
 */
function withFrozenRows(results: ResultsPayload): ResultsPayload {
  Object.freeze(results.data);
  return results;
}

/**
 * Starts a query and posts it (reference §2.7): a sync run ends with its rows; an async run (202)
 * leaves the query pending for the poll to follow.
 */
export function runQuery(query: Query, search: string): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    dispatch(startQueryFor(sqlLabState(getState()), query));
    logUserEvent({
      source: 'sqlLab',
      sourceId: query.sqlEditorId,
      eventName: LOG_ACTIONS.sqlLabRunQuery,
      fields: { target_id: query.id, target_name: query.tab, db_id: query.dbId, schema: query.schema },
    });
    // The first page is shown while the rest of a long result still arrives.
    const stopListening = onLeadingRows(query.id, (found) => {
      const results = toLeadingResults(found.head, found.rows);
      if (results !== null) {
        Object.freeze(results.data);
        dispatch(queryRowsArrived({ id: query.id, results }));
      }
    });
    const outcome = await dispatch(
      sqlLabApi.endpoints.executeQuery.initiate(
        { body: executeRequestFor(query), search, leadingRowsKey: query.id },
        { track: false },
      ),
    ).finally(stopListening);
    if (outcome.error !== undefined) {
      const failure = failureOf(query.id, outcome.error);
      dispatch(queryFailed(failure));
      // A lost session is not the query's fault: say it where it is seen even from another tab.
      if (isSessionTimeout(failure)) dispatch(toastAdded('danger', failure.errorMessage));
    } else if (outcome.data.kind === 'failed') {
      // The run failed after its first rows were sent: the body ended with the run's errors.
      const [first] = outcome.data.errors;
      dispatch(
        queryFailed({
          id: query.id,
          errorMessage: first?.message ?? UNKNOWN_ERROR,
          errors: outcome.data.errors,
        }),
      );
    } else if (outcome.data.kind === 'result') {
      dispatch(querySuccess({ id: query.id, results: withFrozenRows(outcome.data.results) }));
    } else {
      dispatch(refreshQueries({ queries: [outcome.data.query] }));
    }
  };
}

/** Asks the server to stop a query; the query shows as stopped once the server agreed. */
export function stopRunningQuery(id: string): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const query = sqlLabState(getState()).sqlLabQueries.queries[id];
    logUserEvent({
      source: 'sqlLab',
      sourceId: query?.sqlEditorId ?? null,
      eventName: LOG_ACTIONS.sqlLabStopQuery,
      fields: { target_id: id, db_id: query?.dbId ?? null, schema: query?.schema ?? null },
    });
    const outcome = await dispatch(sqlLabApi.endpoints.stopQuery.initiate(id, { track: false }));
    if (outcome.error !== undefined) {
      dispatch(toastAdded('danger', stopFailedMessage(id)));
      return;
    }
    dispatch(stopQuery({ id }));
    dispatch(toastAdded('success', QUERY_STOPPED_MESSAGE));
  };
}

/**
 * Fetches an async query's rows by its results key (reference §2.3), within SQLLAB_QUERY_RESULT_TIMEOUT
 * seconds when that is set (0: the server's usual request timeout).
 */
export function fetchQueryResults(id: string, resultsKey: string, rows: number): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const common = getState().session.common;
    const { queryResultTimeout } = sqlLabConf(common?.conf, common?.feature_flags);
    dispatch(requestQueryResults({ id }));
    const outcome = await dispatch(
      sqlLabApi.endpoints.fetchQueryResults.initiate(
        { key: resultsKey, rows, timeoutSeconds: queryResultTimeout > 0 ? queryResultTimeout : undefined },
        { track: false },
      ),
    );
    if (outcome.error !== undefined) {
      dispatch(queryFailed(failureOf(id, outcome.error, RESULTS_FAILED_MESSAGE)));
      dispatch(toastAdded('danger', RESULTS_FAILED_MESSAGE));
      return;
    }
    dispatch(querySuccess({ id, results: withFrozenRows(outcome.data) }));
  };
}
