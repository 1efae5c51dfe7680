import { randomUUID } from 'node:crypto';
import { buildSupersetError } from '@tessera/contracts';
import type { AppContext } from '../../context';
import type { DatabaseRow } from '../databases/registry';
import { markFailed, markSuccess } from '../queries/query-lifecycle';
import { queryStatus, updateQuery, type QueryRow } from '../queries/queries.service';
import { isCancellation } from './engine-errors';
import { QueryFailure, queryFailure } from './failure';
import type { QueryPlan } from './plan';
import { runPlan, type RunOutcome } from './run-plan';
import type { CancelReason } from './running';
import type { SqlLabRuntime } from './runtime-types';

export type RunMode = 'sync' | 'async';

export type RunResult =
  | { kind: 'success'; outcome: RunOutcome }
  | { kind: 'failed'; failure: QueryFailure }
  /** Stopped by the user, or the row was ended elsewhere (a sweep) before the run could finish. */
  | { kind: 'superseded' };

function cancelFailure(
  reason: CancelReason,
  mode: RunMode,
  timeoutSeconds: number,
  queued: string | null,
): QueryFailure | null {
  if (reason === 'timeout') {
    const message =
      queued ??
      `The query was stopped after ${timeoutSeconds} seconds. It might be too complex, or the database might be under heavy load.`;
    return mode === 'sync'
      ? new QueryFailure(
          408,
          buildSupersetError('BACKEND_TIMEOUT_ERROR', message, { timeout: timeoutSeconds }),
          'timed_out',
        )
      : new QueryFailure(
          408,
          buildSupersetError('SQLLAB_TIMEOUT_ERROR', message, { timeout: timeoutSeconds }),
          'timed_out',
        );
  }
  if (reason === 'shutdown') {
    return mode === 'sync'
      ? queryFailure(503, 'GENERIC_BACKEND_ERROR', 'The server shut down while the query ran. Run it again.')
      : queryFailure(
          500,
          'ASYNC_WORKERS_ERROR',
          'The worker shut down while running the query. Run it again.',
        );
  }
  return null;
}

/** What a run that timed out while waiting for a slot tells the user. */
function queuedMessage(ctx: AppContext, timeoutSeconds: number): string {
  const { user_max_running_queries: most } = ctx.config.limits;
  return `The query waited ${timeoutSeconds} seconds for your other queries to finish and did not start: at most ${most} of your queries run at a time, and each may use only part of a database's connections. Stop a running query or try again when one ends.`;
}

/** The row's requested limit: kept in extra so that re-planning gives the same limiting factor. */
export function requestedLimit(extra: Record<string, unknown>): number | null {
  const value = extra.query_limit;
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * Runs a planned query (its row already running) under its time limit — SQLLAB_TIMEOUT for sync,
 * SQLLAB_ASYNC_TIME_LIMIT_SEC for async — and records how it ended. Async results are stored
 * before the success is written; sync results are stored after the response, in the background.
 */
export async function executeQuery(
  ctx: AppContext,
  rt: SqlLabRuntime,
  input: { query: QueryRow; database: DatabaseRow; plan: QueryPlan; mode: RunMode },
  onStatement?: (index: number, count: number) => Promise<void>,
): Promise<RunResult> {
  const { query, database, plan, mode } = input;
  const db = ctx.store.db;
  const { SQLLAB_TIMEOUT, SQLLAB_ASYNC_TIME_LIMIT_SEC } = ctx.config.constants;
  const timeoutSeconds = mode === 'sync' ? SQLLAB_TIMEOUT : SQLLAB_ASYNC_TIME_LIMIT_SEC;
  const handle = rt.running.start(query.id);
  const timer = setTimeout(() => handle.cancel('timeout'), timeoutSeconds * 1000);
  const fail = async (failure: QueryFailure): Promise<RunResult> => {
    const changed = await markFailed(db, query.id, failure.state, failure.error);
    return changed ? { kind: 'failed', failure } : { kind: 'superseded' };
  };
  let outcome: RunOutcome;
  // Set while the run waits for a slot under the user's limits, so a timeout there says so.
  let queued: string | null = null;
  try {
    // A stop that landed before this run was registered would otherwise be missed.
    if ((await queryStatus(db, query.id)) !== 'running') handle.cancel('stopped');
    outcome = await runPlan(ctx.databases.connectorFor(database), plan, {
      schema: query.schema,
      signal: handle.signal,
      onStatement,
      openSession: async (options) => {
        queued = queuedMessage(ctx, timeoutSeconds);
        const session = await ctx.databases.openSession(
          database,
          { userId: query.user_id },
          options,
          handle.signal,
        );
        queued = null;
        return session;
      },
    });
  } catch (error) {
    const reason = handle.reason();
    if (isCancellation(error) || reason !== null) {
      const failure = cancelFailure(reason ?? 'stopped', mode, timeoutSeconds, queued);
      return failure ? await fail(failure) : { kind: 'superseded' };
    }
    if (error instanceof QueryFailure) return await fail(error);
    ctx.log.error({ err: error, queryId: query.id }, 'SQL Lab query failed unexpectedly');
    return await fail(
      queryFailure(500, 'GENERIC_BACKEND_ERROR', 'An unexpected error occurred while running the query.'),
    );
  } finally {
    clearTimeout(timer);
    handle.finish();
  }

  const ttl = ctx.config.constants.CACHE_DEFAULT_TIMEOUT;
  const stored = { version: 1 as const, columns: outcome.columns, rows: outcome.rows };
  const success = {
    rows: outcome.rows.length,
    limiting_factor: outcome.limitingFactor,
  };
  if (mode === 'async') {
    const key = randomUUID();
    try {
      await rt.results.put(key, stored, ttl);
    } catch (error) {
      ctx.log.error({ err: error, queryId: query.id }, 'cannot store query results');
      return fail(
        queryFailure(500, 'RESULTS_BACKEND_ERROR', 'The results could not be stored. Run the query again.'),
      );
    }
    if (!(await markSuccess(db, query.id, { ...success, results_key: key }))) {
      await rt.results.delete(key).catch(() => undefined);
      return { kind: 'superseded' };
    }
    return { kind: 'success', outcome };
  }
  if (!(await markSuccess(db, query.id, success))) return { kind: 'superseded' };
  // CTAS leaves its rows in the table it made; there is nothing to keep.
  if (plan.ctas === null && ctx.config.featureFlags.SQLLAB_BACKEND_PERSISTENCE) {
    const key = randomUUID();
    // Deferred past this turn: encoding the rows must not delay the response that carries them.
    rt.track(
      new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => rt.results.put(key, stored, ttl))
        .then(() => updateQuery(db, query.id, { results_key: key }, ['success'])),
    );
  }
  return { kind: 'success', outcome };
}
