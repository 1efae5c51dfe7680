import { listQuerySchema, reportCreateSchema, reportIdsSchema, reportUpdateSchema } from '@tessera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { pickColumns, showQuerySchema } from '../../platform/columns';
import { notFound } from '../../platform/errors';
import { idParam, parseId, parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { registerModelHelpers } from '../security/model-helpers';
import { requirePermission } from '../security/principal';
import { relatedUsers } from '../security/related-users';
import {
  changeReport,
  createReport,
  deleteReport,
  deleteReportsInBulk,
  listReportLogs,
  listReports,
  reportsEnabled,
  showReport,
  showReportLog,
} from './reports.service';

const logIdParam = (request: FastifyRequest): number =>
  parseId((request.params as { logId?: unknown }).logId);

/**
 * `/api/v1/report/` of reference §10 (permission class ReportSchedule). Every route answers 404 while
 * ALERT_REPORTS is off, as Superset does not register the API then.
 */
export function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.store.db;

  app.addHook('onRequest', (request, _reply, done) => {
    const reportRoute = request.url === '/api/v1/report' || request.url.startsWith('/api/v1/report/');
    if (reportRoute && !reportsEnabled(ctx)) done(notFound());
    else done();
  });

  registerModelHelpers(app, {
    base: '/api/v1/report',
    resource: 'ReportSchedule',
    related: {
      owners: (query) => relatedUsers(db, query),
      created_by: (query) => relatedUsers(db, query),
      changed_by: (query) => relatedUsers(db, query),
    },
  });

  app.get('/api/v1/report/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'ReportSchedule');
    const query = parseRisonQuery(listQuerySchema, risonParam(request));
    const { count, ids, result } = await listReports(ctx, principal, query);
    return { count, ids, result: result.map((item) => pickColumns(item, query.columns)) };
  });

  app.get('/api/v1/report/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'ReportSchedule');
    const id = idParam(request);
    const query = parseRisonQuery(showQuerySchema, risonParam(request));
    return { id, result: pickColumns(await showReport(ctx, principal, id), query.columns) };
  });

  app.post('/api/v1/report/', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'ReportSchedule');
    const input = parseInput(reportCreateSchema, request.body);
    return reply.code(201).send(await createReport(ctx, principal, input));
  });

  app.put('/api/v1/report/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'ReportSchedule');
    const id = idParam(request);
    const input = parseInput(reportUpdateSchema, request.body);
    return changeReport(ctx, principal, id, input);
  });

  app.delete('/api/v1/report/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'ReportSchedule');
    await deleteReport(ctx, principal, idParam(request));
    return { message: 'OK' };
  });

  app.delete('/api/v1/report/', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'ReportSchedule');
    const ids = parseRisonQuery(reportIdsSchema, risonParam(request));
    const count = await deleteReportsInBulk(ctx, principal, ids);
    return { message: `Deleted ${count} report schedule${count === 1 ? '' : 's'}` };
  });

  app.get('/api/v1/report/:id/log/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'ReportSchedule');
    const id = idParam(request);
    const query = parseRisonQuery(listQuerySchema, risonParam(request));
    const { count, ids, result } = await listReportLogs(ctx, principal, id, query);
    return { count, ids, result: result.map((item) => pickColumns(item, query.columns)) };
  });

  app.get('/api/v1/report/:id/log/:logId', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'ReportSchedule');
    const id = idParam(request);
    const logId = logIdParam(request);
    return { id: logId, result: await showReportLog(ctx, principal, id, logId) };
  });
}
