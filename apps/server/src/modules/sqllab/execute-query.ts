import { randomUUID } from 'node:crypto';
import { buildSupersetError } from '@tessera/contracts';
import type { AppContext } from '../../context';
import type { DatabaseRow } from '../databases/registry';
import { markFailed, markSuccess } from '../queries/query-lifecycle';
import { queryStatus, type QueryRow } from '../queries/queries.service';
import { isCancellation } from './engine-errors';
import { QueryFailure, queryFailure } from './failure';
import { payloadCapBytes, resultTooLarge } from './payload-cap';
import type { QueryPlan } from './plan';
import { finalLimitingFactor, newTally, runPlanBatches } from './run-plan';
import type { CancelReason } from './running';
import type { SqlLabRuntime } from './runtime-types';
import { StoreFailed, storeBatches, type StoredRun } from './stored-run';

export type RunMode = 'sync' | 'async';

export type RunResult =
  | { kind: 'success'; rows: number }
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

/** Records a failure unless the run already ended otherwise (a stop wins). */
export async function recordFailure(
  ctx: AppContext,
  queryId: number,
  failure: QueryFailure,
): Promise<RunResult> {
  const changed = await markFailed(ctx.store.db, queryId, failure.state, failure.error);
  return changed ? { kind: 'failed', failure } : { kind: 'superseded' };
}

/**
 * How a run that threw ends: a cancel becomes its reason's failure (a user's stop: superseded, the
 * stop already wrote the row), an engine or plan failure is recorded as is, anything else is logged
 * and recorded as a generic error.
 */
export async function endedBy(
  ctx: AppContext,
  queryId: number,
  error: unknown,
  run: { reason: CancelReason | null; mode: RunMode; timeoutSeconds: number; queued: string | null },
): Promise<RunResult> {
  if (isCancellation(error) || run.reason !== null) {
    const failure = cancelFailure(run.reason ?? 'stopped', run.mode, run.timeoutSeconds, run.queued);
    return failure ? await recordFailure(ctx, queryId, failure) : { kind: 'superseded' };
  }
  if (error instanceof QueryFailure) return await recordFailure(ctx, queryId, error);
  ctx.log.error({ err: error, queryId }, 'SQL Lab query failed unexpectedly');
  return await recordFailure(
    ctx,
    queryId,
    queryFailure(500, 'GENERIC_BACKEND_ERROR', 'An unexpected error occurred while running the query.'),
  );
}

/** What a run that timed out while waiting for a slot tells the user. */
export function queuedMessage(ctx: AppContext, timeoutSeconds: number): string {
  const { user_max_running_queries: most } = ctx.config.limits;
  return `The query waited ${timeoutSeconds} seconds for your other queries to finish and did not start: at most ${most} of your queries run at a time, and each may use only part of a database's connections. Stop a running query or try again when one ends.`;
}

/** The row's requested limit: kept in extra so that re-planning gives the same limiting factor. */
export function requestedLimit(extra: Record<string, unknown>): number | null {
  const value = extra.query_limit;
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * Runs a planned async query (its row already running) under SQLLAB_ASYNC_TIME_LIMIT_SEC and records
 * how it ended. Its rows go to the results backend batch by batch as they are read (stored-run.ts),
 * so the worker holds one batch, not the result; the key is written with the success, and only then
 * can anyone read it. Sync runs go through streamed-run.ts, which shares the failure handling above.
 */
export async function executeQuery(
  ctx: AppContext,
  rt: SqlLabRuntime,
  input: { query: QueryRow; database: DatabaseRow; plan: QueryPlan; mode: RunMode },
  onStatement?: (index: number, count: number) => Promise<void>,
): Promise<RunResult> {
  const { query, database, plan, mode } = input;
  const db = ctx.store.db;
  const { SQLLAB_TIMEOUT, SQLLAB_ASYNC_TIME_LIMIT_SEC, CACHE_DEFAULT_TIMEOUT: ttl } = ctx.config.constants;
  const timeoutSeconds = mode === 'sync' ? SQLLAB_TIMEOUT : SQLLAB_ASYNC_TIME_LIMIT_SEC;
  const capBytes = payloadCapBytes(ctx.config.constants);
  const capMb = ctx.config.constants.SQLLAB_PAYLOAD_MAX_MB;
  const handle = rt.running.start(query.id);
  const timer = setTimeout(() => handle.cancel('timeout'), timeoutSeconds * 1000);
  const fail = (failure: QueryFailure): Promise<RunResult> => recordFailure(ctx, query.id, failure);
  const key = randomUUID();
  const tally = newTally();
  let run: StoredRun;
  // Set while the run waits for a slot under the user's limits, so a timeout there says so.
  let queued: string | null = null;
  try {
    // A stop that landed before this run was registered would otherwise be missed.
    if ((await queryStatus(db, query.id)) !== 'running') handle.cancel('stopped');
    const batches = runPlanBatches(
      ctx.databases.connectorFor(database),
      plan,
      {
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
      },
      tally,
    );
    run = await storeBatches(batches, () => rt.results.open(key, ttl), capMb === null ? null : capBytes);
    if (run.kind === 'written') {
      try {
        await run.writer.commit();
      } catch (error) {
        throw new StoreFailed(error);
      }
    }
  } catch (error) {
    if (error instanceof StoreFailed && handle.reason() === null) {
      ctx.log.error({ err: error.cause, queryId: query.id }, 'cannot store query results');
      return await fail(
        queryFailure(500, 'RESULTS_BACKEND_ERROR', 'The results could not be stored. Run the query again.'),
      );
    }
    return await endedBy(ctx, query.id, error, {
      reason: handle.reason(),
      mode,
      timeoutSeconds,
      queued,
    });
  } finally {
    clearTimeout(timer);
    handle.finish();
  }

  // The whole result was read (only measured once over the cap), so the message gives its size.
  if (run.kind === 'too-large') return fail(resultTooLarge(run.bytes, capMb ?? 0, true));
  const success = {
    rows: tally.rows,
    limiting_factor: finalLimitingFactor(plan, tally.rows, tally.truncated),
  };
  if (!(await markSuccess(db, query.id, { ...success, results_key: key }))) {
    await rt.results.delete(key).catch(() => undefined);
    return { kind: 'superseded' };
  }
  return { kind: 'success', rows: tally.rows };
}
