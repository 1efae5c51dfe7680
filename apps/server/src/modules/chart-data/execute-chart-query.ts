import { ConnectorError, type Connector, type ExecuteResult } from '@tessera/connectors';
import { sip40Error } from '../../platform/errors';
import { ChartDataError } from './chart-data-error';

export interface ChartQueryRun {
  sql: string;
  schema: string | null;
  maxRows: number;
  timeoutSeconds: number;
}

/**
 * Runs one compiled SELECT on a fresh read-only session of the database's pooled connector, and
 * cancels it on the engine after `timeoutSeconds` (SUPERSET_WEBSERVER_TIMEOUT). Engine errors are
 * the reference's 400 `{message: "Error: <db error>"}`; a timeout is 408 BACKEND_TIMEOUT_ERROR.
 */
export async function executeChartQuery(connector: Connector, run: ChartQueryRun): Promise<ExecuteResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), run.timeoutSeconds * 1000);
  timer.unref();
  const failed = (error: unknown): Error => {
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
    session = await connector.openSession({ readOnly: true, schema: run.schema });
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
