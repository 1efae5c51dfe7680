import type { ResultColumn } from '@tessera/connectors';
import type { AppContext } from '../../context';
import { accessibleDatabase } from '../databases/databases.service';
import type { Principal } from '../security/principal';
import { buildPlan } from './plan';
import { planDatabase } from './planning';
import { renderQuerySql } from './render';
import { runPlan } from './run-plan';
import { assertSqlSchemas } from './schema-access';

export interface ReadOnlySqlRequest {
  databaseId: number;
  sql: string;
  schema: string | null;
  /** Rows to read at most (limit+1 detection is not needed: callers ask one more than they accept). */
  limit: number;
  signal: AbortSignal;
}

export interface ReadOnlySqlResult {
  columns: ResultColumn[];
  rows: unknown[][];
}

/**
 * Runs SQL on a user's behalf, read-only whatever the database allows (alerts, issue #14): the same
 * path as a SQL Lab run — template rendered in the sandbox as that user, the parser's read-only check
 * of every statement, the deny-lists, the schema grants, a read-only engine session admitted under
 * the user's query slots. Throws QueryFailure (its SIP-40 error carries the message) or
 * QueryCancelled when `signal` aborts.
 */
export async function runReadOnlySql(
  ctx: AppContext,
  principal: Principal,
  request: ReadOnlySqlRequest,
): Promise<ReadOnlySqlResult> {
  const database = await accessibleDatabase(ctx, principal, request.databaseId);
  const connector = ctx.databases.connectorFor(database);
  const engine = connector.engine;
  const rendered = renderQuerySql(request.sql, null, principal, {}, engine);
  // allowDml false on purpose: an alert only reads, even on a database that allows DML.
  const plan = buildPlan(
    rendered,
    { ...planDatabase(database, engine), allowDml: false },
    {
      queryLimit: request.limit,
      sqlMaxRow: ctx.config.constants.SQL_MAX_ROW,
      selectAsCta: false,
      ctasMethod: null,
      tmpTableName: null,
      tmpSchemaName: null,
    },
  );
  assertSqlSchemas(principal, database, engine, rendered, request.schema);
  // runPlan turns engine errors into QueryFailure and an abort (also while waiting for a slot) into
  // QueryCancelled.
  const outcome = await runPlan(connector, plan, {
    schema: request.schema,
    signal: request.signal,
    openSession: (options) =>
      ctx.databases.openSession(database, { userId: principal.user.id }, options, request.signal),
  });
  return { columns: outcome.columns, rows: outcome.rows };
}

export { QueryCancelled } from './engine-errors';
export { QueryFailure } from './failure';
