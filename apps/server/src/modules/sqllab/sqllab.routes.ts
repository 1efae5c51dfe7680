import {
  ENGINES,
  estimateRequestSchema,
  executeRequestSchema,
  formatSqlRequestSchema,
  resultsQuerySchema,
  type Engine,
} from '@tessera/contracts';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { messageError } from '../../platform/errors';
import { parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { accessibleDatabase } from '../databases/databases.service';
import { requirePermission } from '../security/principal';
import { tabBootstrap } from '../tab-state/tab-state.service';
import { estimateCost } from './estimate.service';
import { executeSql } from './execute.service';
import { openCsvExport } from './export.service';
import { urlParamsOf } from './render';
import { fetchResults } from './results.service';
import type { SqlLabRuntime } from './runtime-types';
import { formatSql } from '@tessera/sql';
import { sqlLabDatabases } from './sqllab-databases';

const CLIENT_ID = /^[A-Za-z0-9_-]{1,11}$/;

/** An engine named by a client (`postgres`, `mariadb`... included); unknown names format generically. */
function engineNamed(name: string | null | undefined): Engine | null {
  if (!name) return null;
  const lower = name.toLowerCase();
  const alias: Record<string, Engine> = { postgres: 'postgresql', mariadb: 'mysql' };
  const engine = alias[lower] ?? lower;
  return (ENGINES as readonly string[]).includes(engine) ? (engine as Engine) : null;
}

export function registerSqlLabRoutes(app: FastifyInstance, ctx: AppContext, rt: SqlLabRuntime): void {
  app.get('/api/v1/sqllab/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'SQLLab');
    // Tabs are only kept on the server with backend persistence on (the default).
    const tabs = ctx.config.featureFlags.SQLLAB_BACKEND_PERSISTENCE
      ? await tabBootstrap(ctx, principal.user.id)
      : { tab_state_ids: [], active_tab: null };
    return { result: { ...tabs, databases: await sqlLabDatabases(ctx, principal) } };
  });

  app.post('/api/v1/sqllab/execute/', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'SQLLab');
    const body = parseInput(executeRequestSchema, request.body);
    const response = await executeSql(ctx, rt, principal, body, urlParamsOf(request.query));
    if ('status' in response) return reply.code(response.status).send(response.body);
    // Rows are written as they are read; a client that leaves mid-body stops the run (README).
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) response.abort();
    });
    return reply
      .code(200)
      .header('content-type', 'application/json; charset=utf-8')
      .send(Readable.from(response.body, { objectMode: false, highWaterMark: 64 * 1024 }));
  });

  app.get('/api/v1/sqllab/results/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'SQLLab');
    const { key, rows } = parseRisonQuery(resultsQuerySchema, risonParam(request));
    return fetchResults(ctx, rt, principal, key, rows);
  });

  app.get('/api/v1/sqllab/export/:client_id/', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_csv', 'Superset');
    const clientId = (request.params as { client_id?: unknown }).client_id;
    if (typeof clientId !== 'string' || !CLIENT_ID.test(clientId))
      throw messageError(404, 'Query not found.');
    const csv = await openCsvExport(ctx, principal, clientId);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', csv.disposition)
      .header('cache-control', 'no-store')
      .send(csv.body);
  });

  app.post('/api/v1/sqllab/estimate/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'SQLLab');
    const body = parseInput(estimateRequestSchema, request.body);
    return estimateCost(ctx, principal, body, urlParamsOf(request.query));
  });

  app.post('/api/v1/sqllab/format_sql/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'SQLLab');
    const body = parseInput(formatSqlRequestSchema, request.body);
    const engine =
      body.database_id === undefined
        ? engineNamed(body.engine)
        : ctx.databases.connectorFor(await accessibleDatabase(ctx, principal, body.database_id)).engine;
    return { result: formatSql(body.sql, engine) };
  });
}
