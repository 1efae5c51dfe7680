import type { Connector, ConnectorSession, ResultColumn, SessionOptions } from '@tessera/connectors';
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

async function runStatements(
  session: ConnectorSession,
  connector: Connector,
  plan: QueryPlan,
  options: RunOptions,
): Promise<RunOutcome> {
  const count = plan.statements.length;
  // A function, not a read: the signal changes across the awaits below.
  const aborted = (): boolean => options.signal.aborted;
  let outcome: RunOutcome = {
    columns: [],
    rows: [],
    limitingFactor: plan.limitingFactor,
    affectedRows: null,
  };
  for (const [index, statement] of plan.statements.entries()) {
    if (aborted()) throw new QueryCancelled();
    await options.onStatement?.(index, count);
    const last = index === count - 1;
    // Earlier statements only run for their effects: their rows are not kept.
    const maxRows = last ? (plan.limit ?? 0) : 0;
    try {
      const result = await session.execute(statement, {
        maxRows,
        signal: options.signal,
        readOnly: plan.readOnlyBeforeLast && !last,
      });
      if (last) {
        outcome = {
          columns: result.columns,
          rows: result.rows,
          limitingFactor: finalLimitingFactor(plan, result.rows.length, result.truncated),
          affectedRows: result.affectedRows,
        };
      }
    } catch (error) {
      if (isCancellation(error) || aborted()) throw new QueryCancelled();
      throw engineFailure(error, connector.engineName, { index, count });
    }
  }
  return outcome;
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
  let session: ConnectorSession;
  try {
    session = await options.openSession({ readOnly: plan.readOnlySession, schema: options.schema });
  } catch (error) {
    if (options.signal.aborted) throw new QueryCancelled();
    throw engineFailure(error, connector.engineName, null);
  }
  try {
    return await runStatements(session, connector, plan, options);
  } finally {
    await session.close().catch(() => undefined);
  }
}
