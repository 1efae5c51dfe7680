import { buildSupersetError, type Engine, type ExecuteRequest, type QueryDict } from '@tessera/contracts';
import { nanoid } from 'nanoid';
import type { AppContext } from '../../context';
import { toFlag } from '../../db/kysely';
import { runKeyOf } from './query-job';
import { notFound, sip40Error } from '../../platform/errors';
import { accessibleDatabase } from '../databases/databases.service';
import type { DatabaseRow } from '../databases/registry';
import { toQueryDict } from '../queries/query-dict';
import { REUSABLE_STATES, markFailed } from '../queries/query-lifecycle';
import { tooManyQueriesError } from '../databases/query-slots';
import {
  countActiveAsyncQueries,
  findQuery,
  findQueryByClientId,
  findQueryView,
  insertQuery,
  updateQuery,
  type NewQuery,
} from '../queries/queries.service';
import type { Principal } from '../security/principal';
import { startStreamedRun, type StreamedRun } from './streamed-run';
import { QueryFailure, queryFailure } from './failure';
import { emptyPayload } from './payload';
import { buildPlan, type PlanOptions, type QueryPlan } from './plan';
import { planDatabase } from './planning';
import { renderQuerySql } from './render';
import { probeSyntaxFailure } from './syntax-probe';
import { assertSqlSchemas } from './schema-access';
import type { SqlLabRuntime } from './runtime-types';

export type ExecuteResponse = { status: 200 | 202; body: unknown } | StreamedRun;

export async function queryDictOf(ctx: AppContext, id: number): Promise<QueryDict> {
  const view = await findQueryView(ctx.store.db, id);
  if (!view) throw notFound('The query no longer exists.');
  return toQueryDict(view);
}

/** The database of an execute: it must exist, be visible to the caller and be exposed in SQL Lab. */
export async function sqlLabDatabase(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<DatabaseRow> {
  const database = await accessibleDatabase(ctx, principal, id);
  if (database.expose_in_sqllab !== 1)
    throw sip40Error(403, 'DATABASE_SECURITY_ACCESS_ERROR', 'This database is not exposed in SQL Lab.');
  return database;
}

/** Superset's CTAS table name: tmp_<user id>_table_<UTC time of the run>. */
function defaultTmpTableName(userId: number, startedAt: number): string {
  const stamp = new Date(startedAt).toISOString().slice(0, 19).replace(/[-T:]/g, '_');
  return `tmp_${userId}_table_${stamp}`;
}

function rowValues(
  principal: Principal,
  body: ExecuteRequest,
  clientId: string,
  runAsync: boolean,
): NewQuery {
  const now = Date.now();
  const selectAsCta = body.select_as_cta === true;
  const tmpTable = body.tmp_table_name?.trim() ?? '';
  return {
    client_id: clientId,
    database_id: body.database_id,
    user_id: principal.user.id,
    status: runAsync ? 'pending' : 'running',
    sql: body.sql,
    rendered_sql: null,
    executed_sql: null,
    sql_editor_id: body.sql_editor_id ?? null,
    tab_name: body.tab ?? null,
    catalog: body.catalog ?? null,
    schema: body.schema ?? null,
    limit: null,
    limiting_factor: null,
    select_as_cta: toFlag(selectAsCta),
    ctas_method: selectAsCta ? (body.ctas_method ?? 'TABLE') : null,
    tmp_table_name: selectAsCta
      ? tmpTable === ''
        ? defaultTmpTableName(principal.user.id, now)
        : tmpTable
      : null,
    tmp_schema_name: selectAsCta ? (body.tmp_schema_name ?? null) : null,
    run_async: toFlag(runAsync),
    progress: 0,
    rows: null,
    error_message: null,
    errors: null,
    results_key: null,
    start_time: now,
    start_running_time: runAsync ? null : now,
    end_time: null,
    tracking_url: null,
    extra: JSON.stringify({ query_limit: body.queryLimit ?? null }),
    worker_id: null,
    heartbeat_at: null,
  };
}

/**
 * Creates the query row, or reuses a finished one with the same client id (a repeat run); returns
 * the id, or the existing active query's id when this client id is already running (idempotency).
 */
async function claimRow(ctx: AppContext, values: NewQuery): Promise<{ id: number; existing: boolean }> {
  const db = ctx.store.db;
  const found = await findQueryByClientId(db, values.user_id, values.client_id);
  if (found && (REUSABLE_STATES as readonly string[]).includes(found.status))
    return { id: found.id, existing: true };
  if (found) {
    await updateQuery(db, found.id, values);
    return { id: found.id, existing: false };
  }
  try {
    return { id: await insertQuery(db, values), existing: false };
  } catch (error) {
    // Two requests with one client id raced: the loser answers with the winner's query.
    const winner = await findQueryByClientId(db, values.user_id, values.client_id);
    if (winner) return { id: winner.id, existing: true };
    throw error;
  }
}

/**
 * The plan of an execute; a DML refusal of text the engine cannot even parse becomes the engine's
 * syntax error (syntax-probe.ts), so a typo is not reported as a write. Either way nothing runs.
 */
async function planOrSyntaxError(
  ctx: AppContext,
  rendered: string,
  database: DatabaseRow,
  engine: Engine,
  options: PlanOptions & { userId: number; schema: string | null; catalog: string | null },
): Promise<QueryPlan> {
  try {
    return buildPlan(rendered, planDatabase(database, engine), options);
  } catch (error) {
    if (!(error instanceof QueryFailure) || error.error.error_type !== 'DML_NOT_ALLOWED_ERROR') throw error;
    const syntax = await probeSyntaxFailure(ctx, {
      database,
      engine,
      userId: options.userId,
      sql: rendered,
      schema: options.schema,
      catalog: options.catalog,
      timeoutMs: ctx.config.constants.SQLLAB_TIMEOUT * 1000,
    });
    throw syntax ?? error;
  }
}

/**
 * POST /api/v1/sqllab/execute/ (reference §2.2): row, templates, plan (refusals, limit, CTAS), then
 * a sync run under SQLLAB_TIMEOUT (200 with rows) or a queued async run (202 with the query).
 */
export async function executeSql(
  ctx: AppContext,
  rt: SqlLabRuntime,
  principal: Principal,
  body: ExecuteRequest,
  urlParams: Record<string, string>,
): Promise<ExecuteResponse> {
  const db = ctx.store.db;
  const database = await sqlLabDatabase(ctx, principal, body.database_id);
  const runAsync = body.runAsync === true && database.allow_run_async === 1;
  const values = rowValues(principal, body, body.client_id ?? nanoid(11), runAsync);
  const { id, existing } = await claimRow(ctx, values);
  if (existing) return { status: 202, body: { query: await queryDictOf(ctx, id) } };
  // A queue cannot tell the user why a job waits, so an async run beyond the limit is refused at
  // once (and recorded failed with the reason); sync runs wait for a slot instead (execute-query).
  const most = ctx.config.limits.user_max_running_queries;
  if (runAsync && (await countActiveAsyncQueries(db, principal.user.id, id)) >= most) {
    const refusal = tooManyQueriesError(most);
    const error = buildSupersetError('GENERIC_BACKEND_ERROR', refusal.message, { limit: most });
    await markFailed(db, id, 'failed', error);
    throw refusal;
  }

  let plan: QueryPlan;
  try {
    const engine = ctx.databases.connectorFor(database).engine;
    const rendered = renderQuerySql(body.sql, body.templateParams, principal, urlParams, engine);
    plan = await planOrSyntaxError(ctx, rendered, database, engine, {
      queryLimit: body.queryLimit ?? null,
      sqlMaxRow: ctx.config.constants.SQL_MAX_ROW,
      selectAsCta: values.select_as_cta === 1,
      ctasMethod: values.ctas_method === 'VIEW' ? 'VIEW' : values.ctas_method === 'TABLE' ? 'TABLE' : null,
      tmpTableName: values.tmp_table_name ?? null,
      tmpSchemaName: values.tmp_schema_name ?? null,
      userId: principal.user.id,
      schema: body.schema ?? null,
      catalog: body.catalog ?? null,
    });
    assertSqlSchemas(principal, database, engine, rendered, body.schema ?? null, [plan.ctas?.schema ?? null]);
    await updateQuery(db, id, {
      rendered_sql: rendered,
      executed_sql: plan.executedSql,
      limit: plan.limit,
      tmp_schema_name: plan.ctas ? plan.ctas.schema : null,
    });
  } catch (error) {
    if (!(error instanceof QueryFailure)) throw error;
    await markFailed(db, id, error.state, error.error);
    throw error.toApiError();
  }

  if (runAsync) {
    try {
      await rt.queue.submit({ queryId: id, runKey: runKeyOf(id, values.start_time ?? null) });
    } catch (error) {
      ctx.log.error({ err: error, queryId: id }, 'cannot queue an async query');
      const failure = queryFailure(
        500,
        'ASYNC_WORKERS_ERROR',
        'The query could not be handed to a worker. Try again later, or contact your administrator.',
      );
      await markFailed(db, id, failure.state, failure.error);
      throw failure.toApiError();
    }
    return { status: 202, body: { query: await queryDictOf(ctx, id) } };
  }

  const query = await findQuery(db, id);
  if (!query) throw notFound('The query no longer exists.');
  const result = await startStreamedRun(ctx, rt, {
    query,
    database,
    plan,
    queryDict: (queryId) => queryDictOf(ctx, queryId),
  });
  if (result.kind === 'streaming') return result;
  if (result.kind === 'failed') throw result.failure.toApiError();
  const dict = await queryDictOf(ctx, id);
  return { status: 200, body: emptyPayload(dict, dict.state) };
}
