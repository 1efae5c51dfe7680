import {
  ConnectorError,
  type Connector,
  type ConnectorSession,
  type ExecuteResult,
  type SessionOptions,
} from '@tessera/connectors';
import { sip40Error } from '../../platform/errors';
import { ChartDataError } from './chart-data-error';

export interface ChartQueryRun {
  sql: string;
  schema: string | null;
  maxRows: number;
  timeoutSeconds: number;
  /** Opens the session under the user's resource limits; may wait for a slot until `signal` aborts. */
  openSession: (options: SessionOptions, signal: AbortSignal) => Promise<ConnectorSession>;
}

/**
 * Runs one compiled SELECT on a fresh read-only session of the database's pooled connector, and
 * cancels it on the engine after `timeoutSeconds` (SUPERSET_WEBSERVER_TIMEOUT), which also bounds
 * the wait for a slot when the user already runs as many queries as the limits allow. Engine errors are
 * the reference's 400 `{message: "Error: <db error>"}`; a timeout is 408 BACKEND_TIMEOUT_ERROR.
 */
export async function executeChartQuery(connector: Connector, run: ChartQueryRun): Promise<ExecuteResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), run.timeoutSeconds * 1000);
  timer.unref();
  let waiting = false;
  const failed = (error: unknown): Error => {
    if (controller.signal.aborted && waiting)
      return sip40Error(
        408,
        'BACKEND_TIMEOUT_ERROR',
        `The query waited ${run.timeoutSeconds} seconds for your other queries to finish and did not start. Try again when they end.`,
        { timeout: run.timeoutSeconds },
      );
    if (controller.signal.aborted)
      return sip40Error(
        408,
        'BACKEND_TIMEOUT_ERROR',
        `The query exceeded the ${run.timeoutSeconds} seconds timeout.`,
        { timeout: run.timeoutSeconds },
      );
    const message =
      error instanceof ConnectorError ? error.message : 'The database returned an unexpected error.';
    return ChartDataError.message(400, `Error: ${message}`).toApiError();
  };
  let session;
  try {
    waiting = true;
    session = await run.openSession({ readOnly: true, schema: run.schema }, controller.signal);
    waiting = false;
  } catch (error) {
    clearTimeout(timer);
    throw failed(error);
  }
  try {
    // The compiled SQL carries its own LIMIT (row_limit capped at SQL_MAX_ROW).
    return await session.execute(run.sql, {
      maxRows: run.maxRows,
      signal: controller.signal,
      boundedByStatement: true,
    });
  } catch (error) {
    throw failed(error);
  } finally {
    clearTimeout(timer);
    await session.close().catch(() => undefined);
  }
}
