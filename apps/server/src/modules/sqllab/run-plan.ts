import type {
  Connector,
  ConnectorSession,
  ResultColumn,
  RowBatch,
  SessionOptions,
} from '@tessera/connectors';
import type { LimitingFactor } from '@tessera/contracts';
import { QueryCancelled, engineFailure, isCancellation } from './engine-errors';
import type { QueryPlan } from './plan';

export interface RunOutcome {
  columns: ResultColumn[];
  rows: unknown[][];
  limitingFactor: LimitingFactor;
  /** Rows a DML statement changed, when the engine says. */
  affectedRows: number | null;
}

export interface RunOptions {
  schema: string | null;
  signal: AbortSignal;
  /** Opens the session under the owner's resource limits (may wait for a slot until `signal` aborts). */
  openSession: (options: SessionOptions) => Promise<ConnectorSession>;
  /** Called before each statement starts (progress of async runs). */
  onStatement?: (index: number, count: number) => void | Promise<void>;
}

/**
 * The factor the client shows: what the plan predicted, unless fewer rows came back than the
 * limit, in which case nothing was cut (reference §2.2 step 6, limit+1 detection).
 */
export function finalLimitingFactor(plan: QueryPlan, rowCount: number, truncated: boolean): LimitingFactor {
  switch (plan.limitingFactor) {
    case 'DROPDOWN':
      return truncated ? 'DROPDOWN' : 'NOT_LIMITED';
    case 'QUERY':
    case 'QUERY_AND_DROPDOWN':
      return truncated || (plan.limit !== null && rowCount >= plan.limit)
        ? plan.limitingFactor
        : 'NOT_LIMITED';
    default:
      return truncated ? 'DROPDOWN' : plan.limitingFactor;
  }
}

/** What a run read from its last statement, filled in while its batches are pulled. */
export interface RunTally {
  /** Rows yielded so far (never more than the plan's limit). */
  rows: number;
  /** The engine had more rows than the limit (the limit+1th row came back and was dropped). */
  truncated: boolean;
  affectedRows: number | null;
}

/**
 * Rows per cursor read: the unit the response and the results backend hold. Small, because what
 * matters is how long a batch lives in allocation terms: while one batch is written out, the runs
 * beside it allocate too, and a batch that outlives two young-generation scavenges is promoted to
 * the old space, where it stays as garbage until the next full GC. At 2000 rows (100k × 10 from
 * PostgreSQL) five parallel runs grew the server's RSS by ~205 MB against ~9 MB for one run;
 * at 500, 15 MB, with one run no slower (bench/sqllab.ts --streaming).
 */
export const RUN_BATCH_ROWS = 500;

export function newTally(): RunTally {
  return { rows: 0, truncated: false, affectedRows: null };
}

async function* lastStatementBatches(
  session: ConnectorSession,
  statement: string,
  plan: QueryPlan,
  options: RunOptions,
  tally: RunTally,
): AsyncGenerator<RowBatch> {
  const limit = plan.limit;
  if (!plan.streamLast) {
    const result = await session.execute(statement, {
      maxRows: limit ?? 0,
      signal: options.signal,
      readOnly: false,
    });
    tally.rows = result.rows.length;
    tally.truncated = result.truncated;
    tally.affectedRows = result.affectedRows;
    yield { columns: result.columns, rows: result.rows };
    return;
  }
  // limit+1 rows are asked for: the extra one only tells that the limit cut the result.
  const batches = session.stream(statement, {
    batchSize: RUN_BATCH_ROWS,
    maxRows: limit === null ? undefined : limit + 1,
    signal: options.signal,
  });
  for await (const batch of batches) {
    let rows = batch.rows;
    if (limit !== null && tally.rows + rows.length > limit) {
      rows = rows.slice(0, Math.max(0, limit - tally.rows));
      tally.truncated = true;
    }
    tally.rows += rows.length;
    yield rows === batch.rows ? batch : { columns: batch.columns, rows };
  }
}

async function* statementBatches(
  session: ConnectorSession,
  connector: Connector,
  plan: QueryPlan,
  options: RunOptions,
  tally: RunTally,
): AsyncGenerator<RowBatch> {
  const count = plan.statements.length;
  // A function, not a read: the signal changes across the awaits below.
  const aborted = (): boolean => options.signal.aborted;
  for (const [index, statement] of plan.statements.entries()) {
    if (aborted()) throw new QueryCancelled();
    await options.onStatement?.(index, count);
    const last = index === count - 1;
    try {
      if (last) {
        yield* lastStatementBatches(session, statement, plan, options, tally);
      } else {
        // Earlier statements only run for their effects: their rows are not kept.
        await session.execute(statement, {
          maxRows: 0,
          signal: options.signal,
          readOnly: plan.readOnlyBeforeLast,
        });
      }
    } catch (error) {
      if (isCancellation(error) || aborted()) throw new QueryCancelled();
      throw engineFailure(error, connector.engineName, { index, count });
    }
  }
}

/**
 * Runs a plan on one session (read-only on the engine unless the plan allows writes), so that
 * session state carries from one statement to the next and one cancel stops the whole script, and
 * yields the last statement's rows batch by batch as the consumer pulls them (at least one batch,
 * which carries the columns). `tally` holds the count and the limit+1 verdict once the iteration
 * ends. Ending the iteration early closes the cursor and the session. Throws QueryCancelled when
 * the signal aborts, QueryFailure for engine errors.
 */
export async function* runPlanBatches(
  connector: Connector,
  plan: QueryPlan,
  options: RunOptions,
  tally: RunTally,
): AsyncGenerator<RowBatch> {
  let session: ConnectorSession;
  try {
    session = await options.openSession({ readOnly: plan.readOnlySession, schema: options.schema });
  } catch (error) {
    if (options.signal.aborted) throw new QueryCancelled();
    throw engineFailure(error, connector.engineName, null);
  }
  try {
    yield* statementBatches(session, connector, plan, options, tally);
  } finally {
    await session.close().catch(() => undefined);
  }
}

/**
 * Runs a plan on one session (read-only on the engine unless the plan allows writes), so that
 * session state carries from one statement to the next and one cancel stops the whole script.
 * Throws QueryCancelled when the signal aborts, QueryFailure for engine errors.
 */
export async function runPlan(
  connector: Connector,
  plan: QueryPlan,
  options: RunOptions,
): Promise<RunOutcome> {
  const tally = newTally();
  let columns: ResultColumn[] = [];
  const rows: unknown[][] = [];
  for await (const batch of runPlanBatches(connector, plan, options, tally)) {
    columns = batch.columns;
    for (const row of batch.rows) rows.push(row);
  }
  return {
    columns,
    rows,
    limitingFactor: finalLimitingFactor(plan, tally.rows, tally.truncated),
    affectedRows: tally.affectedRows,
  };
}
