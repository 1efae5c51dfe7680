import { chartCreateSchema, chartIdsSchema, chartUpdateSchema, listQuerySchema } from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { pickColumns, showQuerySchema } from '../../platform/columns';
import { idParam, parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { distinctChoices, registerModelHelpers } from '../security/model-helpers';
import { relatedUsers } from '../security/related-users';
import { requirePermission } from '../security/principal';
import { changeableChart } from './chart-access';
import { toChartWriteResponse } from './chart-dict';
import { distinctVizTypes } from './chart-list';
import { chartFavoriteStatus, chartItem, listCharts, starChart } from './chart-items.service';
import { changeChart, createChart, deleteChart, deleteChartsInBulk } from './charts.service';

export function registerChartRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.store.db;

  app.get('/api/v1/chart/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Chart');
    const query = parseRisonQuery(listQuerySchema, risonParam(request));
    const { count, ids, items } = await listCharts(ctx, principal, query);
    return { count, ids, result: items.map((item) => pickColumns(item, query.columns)) };
  });

  registerModelHelpers(app, {
    base: '/api/v1/chart',
    resource: 'Chart',
    related: { owners: (query) => relatedUsers(db, query) },
    distinct: {
      viz_type: async (query, principal) => distinctChoices(await distinctVizTypes(db, principal), query),
    },
  });

  app.get('/api/v1/chart/favorite_status/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Chart');
    const ids = [...new Set(parseRisonQuery(chartIdsSchema, risonParam(request)))];
    return { result: await chartFavoriteStatus(ctx, principal, ids) };
  });

  app.get('/api/v1/chart/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Chart');
    const id = idParam(request);
    const query = parseRisonQuery(showQuerySchema, risonParam(request));
    return { id, result: pickColumns(await chartItem(ctx, principal, id), query.columns) };
  });

  app.post('/api/v1/chart/', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'Chart');
    const input = parseInput(chartCreateSchema, request.body);
    const saved = await createChart(ctx, principal, input);
    return reply.code(201).send(toChartWriteResponse(saved.row, saved.owners, saved.dashboards));
  });

  app.put('/api/v1/chart/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'Chart');
    const id = idParam(request);
    // Someone else's chart is refused whatever the body holds.
    await changeableChart(ctx, principal, id);
    const input = parseInput(chartUpdateSchema, request.body);
    const saved = await changeChart(ctx, principal, id, input);
    return toChartWriteResponse(saved.row, saved.owners, saved.dashboards);
  });

  app.delete('/api/v1/chart/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'Chart');
    await deleteChart(ctx, principal, idParam(request));
    return { message: 'OK' };
  });

  app.delete('/api/v1/chart/', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'Chart');
    const ids = parseRisonQuery(chartIdsSchema, risonParam(request));
    const count = await deleteChartsInBulk(ctx, principal, ids);
    return { message: `Deleted ${count} chart${count === 1 ? '' : 's'}` };
  });

  // Starring needs only read access, as in Superset (favorites map to can_read).
  app.post('/api/v1/chart/:id/favorites/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Chart');
    await starChart(ctx, principal, idParam(request), true);
    return { result: 'OK' };
  });

  app.delete('/api/v1/chart/:id/favorites/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Chart');
    await starChart(ctx, principal, idParam(request), false);
    return { result: 'OK' };
  });
}
