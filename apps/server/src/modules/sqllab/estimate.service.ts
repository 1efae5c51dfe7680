import type { ConnectorSession } from '@tessera/connectors';
import type { z } from 'zod';
import type { estimateRequestSchema } from '@tessera/contracts';
import type { AppContext } from '../../context';
import type { Principal } from '../security/principal';
import { formatCost } from '@tessera/sql';
import { engineFailure, isCancellation } from './engine-errors';
import { sqlLabDatabase } from './execute.service';
import { QueryFailure, queryFailure } from './failure';
import { buildPlan, type QueryPlan } from './plan';
import { planDatabase } from './planning';
import { renderQuerySql } from './render';
import { SlotWaitAborted, tooManyQueriesError } from '../databases/query-slots';
import { assertSqlSchemas } from './schema-access';

type EstimateRequest = z.infer<typeof estimateRequestSchema>;

/**
 * POST /api/v1/sqllab/estimate/: EXPLAIN of every statement (after the same templates and checks
 * as a run), one cost object per statement, under SQLLAB_QUERY_COST_ESTIMATE_TIMEOUT.
 */
export async function estimateCost(
  ctx: AppContext,
  principal: Principal,
  body: EstimateRequest,
  urlParams: Record<string, string>,
): Promise<{ result: Record<string, unknown>[] }> {
  const database = await sqlLabDatabase(ctx, principal, body.database_id);
  const connector = ctx.databases.connectorFor(database);
  let plan: QueryPlan;
  try {
    const rendered = renderQuerySql(body.sql, body.template_params, principal, urlParams, connector.engine);
    plan = buildPlan(rendered, planDatabase(database, connector.engine), {
      queryLimit: null,
      sqlMaxRow: ctx.config.constants.SQL_MAX_ROW,
      selectAsCta: false,
      ctasMethod: null,
      tmpTableName: null,
      tmpSchemaName: null,
    });
    assertSqlSchemas(principal, database, connector.engine, rendered, body.schema ?? null);
  } catch (error) {
    if (error instanceof QueryFailure) throw error.toApiError();
    throw error;
  }
  let session: ConnectorSession;
  try {
    session = await ctx.databases.openSession(
      database,
      { userId: principal.user.id },
      { readOnly: plan.readOnlySession, schema: body.schema ?? null },
      AbortSignal.timeout(ctx.config.constants.SQLLAB_QUERY_COST_ESTIMATE_TIMEOUT * 1000),
    );
  } catch (error) {
    if (error instanceof SlotWaitAborted)
      throw tooManyQueriesError(ctx.config.limits.user_max_running_queries);
    throw engineFailure(error, connector.engineName, null).toApiError();
  }
  const seconds = ctx.config.constants.SQLLAB_QUERY_COST_ESTIMATE_TIMEOUT;
  const deadline = { passed: false };
  const timer = setTimeout(() => {
    deadline.passed = true;
    void session.cancel();
  }, seconds * 1000);
  const count = plan.statements.length;
  try {
    const result: Record<string, unknown>[] = [];
    for (const [index, statement] of plan.statements.entries()) {
      try {
        result.push(formatCost(connector.engine, await session.explain(statement)));
      } catch (error) {
        if (deadline.passed && isCancellation(error)) {
          throw queryFailure(
            408,
            'SQLLAB_TIMEOUT_ERROR',
            `The cost estimate took longer than ${seconds} seconds.`,
            {
              timeout: seconds,
            },
          ).toApiError();
        }
        throw engineFailure(error, connector.engineName, { index, count }).toApiError();
      }
    }
    return { result };
  } finally {
    clearTimeout(timer);
    await session.close().catch(() => undefined);
  }
}
