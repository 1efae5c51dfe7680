import { columnValuesParamsSchema, type QueryContext } from '@tessera/contracts';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { messageError } from '../../platform/errors';
import { parseId, parseInput } from '../../platform/validation';
import { dashboardChartRefOf, type DashboardChartRef } from '../dashboards/dashboard-chart-grant.service';
import { requirePermission, requireViewer } from '../security/principal';
import {
  cachedChartData,
  closeChartDataCache,
  NotCachedError,
  runQueryContext,
  type ChartDataOutcome,
} from './run-query-context';
import { runSavedChartData } from './saved-chart-data';
import { QueryContextMemo } from './query-context-memo';
import { columnValues } from './column-values';
import { runExploreJson, type ExploreJsonOutcome } from './explore-json';
import type { JobSystem } from '../../jobs/job-system';
import { asyncQueriesEnabled, requireAsyncChannel } from '../async-events/async-events.service';
import { asyncChartDataResult, submitChartDataJob } from './async-chart-data';

function send(reply: FastifyReply, outcome: ChartDataOutcome): unknown {
  // Cached items come serialized: sent as they are, not stringified again.
  if (outcome.kind === 'json' && outcome.text !== undefined)
    return reply.type('application/json; charset=utf-8').send(outcome.text);
  if (outcome.kind === 'json') return outcome.body;
  return reply
    .header('content-type', outcome.contentType)
    .header('content-disposition', outcome.disposition)
    .send(outcome.body);
}

/**
 * The query context from a JSON body, or from the `form_data` field of a form post (file downloads
 * submit a form so the browser saves the answer).
 */
function queryContextBody(request: FastifyRequest): unknown {
  const body: unknown = request.body;
  const contentType = request.headers['content-type'] ?? '';
  if (!contentType.startsWith('application/x-www-form-urlencoded')) return body;
  const field: unknown =
    typeof body === 'object' && body !== null ? Reflect.get(body, 'form_data') : undefined;
  if (typeof field !== 'string') throw messageError(400, 'Request is not JSON');
  try {
    return JSON.parse(field);
  } catch {
    throw messageError(400, 'Request is not JSON');
  }
}

/**
 * Dashboards name the chart in the query string too (spec 001 §7: `form_data` holding slice_id, and
 * dashboard_id); the body's form_data wins where both say something.
 */
const dashboardQuerySchema = z
  .object({ form_data: z.string().max(10_000).optional(), dashboard_id: z.string().max(20).optional() })
  .loose();

function viaDashboard(
  request: FastifyRequest,
  formData: QueryContext['form_data'],
): DashboardChartRef | null {
  // Most posts have no query string: nothing there to parse.
  const query = request.url.includes('?') ? dashboardQuerySchema.safeParse(request.query) : null;
  let fromQuery: Record<string, unknown> = {};
  if (query?.success) {
    try {
      const parsed: unknown = query.data.form_data === undefined ? {} : JSON.parse(query.data.form_data);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) fromQuery = { ...parsed };
    } catch {
      // An unreadable query-string form_data names nothing.
    }
    if (query.data.dashboard_id !== undefined) fromQuery.dashboard_id = query.data.dashboard_id;
  }
  return dashboardChartRefOf({ ...fromQuery, ...formData });
}

function sendLegacy(reply: FastifyReply, outcome: ExploreJsonOutcome): FastifyReply {
  if (outcome.kind === 'json') return reply.code(outcome.statusCode).send(outcome.body);
  return reply
    .header('content-type', outcome.contentType)
    .header('content-disposition', outcome.disposition)
    .send(outcome.body);
}

/**
 * The legacy chart data views (spec 001 §2 and §7): Superset answers GET and POST on explore_json and
 * POST on /explore/ (GET /explore/ stays the Explore page), each also under `<type>/<id>/`.
 */
const LEGACY_CHART_DATA_ROUTES: readonly ['GET' | 'POST', string][] = [
  ['GET', '/superset/explore_json/'],
  ['POST', '/superset/explore_json/'],
  ['GET', '/superset/explore_json/:datasource_type/:datasource_id/'],
  ['POST', '/superset/explore_json/:datasource_type/:datasource_id/'],
  ['POST', '/explore/'],
  ['POST', '/explore/:datasource_type/:datasource_id/'],
];

export function registerChartDataRoutes(app: FastifyInstance, ctx: AppContext, jobs: JobSystem): void {
  for (const [method, url] of LEGACY_CHART_DATA_ROUTES) {
    app.route({
      method,
      url,
      handler: async (request, reply) => {
        const principal = requirePermission(request.principal, 'can_read', 'Chart');
        const outcome = await runExploreJson(ctx, principal, {
          body: request.body,
          contentType: request.headers['content-type'] ?? '',
          query: request.query,
          params: url.includes(':') ? request.params : null,
        });
        return sendLegacy(reply, outcome);
      },
    });
  }

  // Embedded viewers (guest tokens) use these three: their datasets' data, filter values, cached results.
  const queryContexts = new QueryContextMemo();
  app.post('/api/v1/chart/data', async (request, reply) => {
    const principal = requireViewer(request.principal, request.guest, 'can_read', 'Chart');
    const queryContext = queryContexts.parse(queryContextBody(request));
    const via = viaDashboard(request, queryContext.form_data);
    const asJob =
      asyncQueriesEnabled(ctx) &&
      (queryContext.result_format ?? 'json') === 'json' &&
      (queryContext.result_type ?? 'full') === 'full';
    if (!asJob) return send(reply, await runQueryContext(ctx, principal, queryContext, via));
    // Reference §5.4: a result already cached is answered at once (200); anything else becomes a job.
    const channel = requireAsyncChannel(request);
    try {
      return send(reply, await runQueryContext(ctx, principal, queryContext, via, { cachedOnly: true }));
    } catch (error) {
      if (!(error instanceof NotCachedError)) throw error;
    }
    return reply.code(202).send(await submitChartDataJob(jobs, principal, channel, queryContext, via));
  });

  app.get(
    '/api/v1/datasource/:datasource_type/:datasource_id/column/:column_name/values/',
    async (request) => {
      const principal = requireViewer(request.principal, request.guest, 'can_read', 'Dataset');
      const params = parseInput(columnValuesParamsSchema, request.params);
      return columnValues(ctx, principal, {
        datasourceType: params.datasource_type,
        datasourceId: parseId(params.datasource_id, 'Datasource does not exist'),
        columnName: params.column_name,
      });
    },
  );

  app.get('/api/v1/chart/:id/data/', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_read', 'Chart');
    const id = parseId((request.params as { id?: unknown }).id);
    return send(reply, await runSavedChartData(ctx, principal, id, request.query));
  });

  app.get('/api/v1/chart/data/:cache_key', async (request) => {
    const principal = requireViewer(request.principal, request.guest, 'can_read', 'Chart');
    const param: unknown = (request.params as { cache_key?: unknown }).cache_key;
    const key = typeof param === 'string' ? param : '';
    return (await asyncChartDataResult(ctx, principal, key)) ?? cachedChartData(ctx, principal, key);
  });

  app.addHook('onClose', async () => {
    await closeChartDataCache(ctx);
  });
}
