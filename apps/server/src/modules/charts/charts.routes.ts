import {
  chartCreateSchema,
  chartIdsSchema,
  chartUpdateSchema,
  listQuerySchema,
  type Chart,
} from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { pickColumns, showQuerySchema } from '../../platform/columns';
import { notFound } from '../../platform/errors';
import { idParam, parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { addFavorite, removeFavorite, starredIds } from '../favorites/favorites.repo';
import { distinctChoices, registerModelHelpers } from '../security/model-helpers';
import { relatedUsers } from '../security/related-users';
import { requirePermission } from '../security/principal';
import { canSeeChart, changeableChart, visibleChart } from './chart-access';
import { toChart, toChartWriteResponse } from './chart-dict';
import { distinctVizTypes, listChartViews } from './chart-list';
import { dashboardsOfCharts, findCharts, findChartView, ownersOfCharts, type ChartView } from './charts.repo';
import { changeChart, createChart, deleteChart, deleteChartsInBulk } from './charts.service';

export function registerChartRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.store.db;

  async function chartItems(views: ChartView[]): Promise<Chart[]> {
    const ids = views.map((view) => view.id);
    const owners = await ownersOfCharts(db, ids);
    const dashboards = await dashboardsOfCharts(db, ids);
    const now = Date.now();
    return views.map((view) => toChart(view, owners.get(view.id) ?? [], dashboards.get(view.id) ?? [], now));
  }

  app.get('/api/v1/chart/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Chart');
    const query = parseRisonQuery(listQuerySchema, risonParam(request));
    const { count, rows } = await listChartViews(db, query, principal);
    const items = await chartItems(rows);
    return {
      count,
      ids: rows.map((row) => row.id),
      result: items.map((item) => pickColumns(item, query.columns)),
    };
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
    const visible: number[] = [];
    for (const row of await findCharts(db, ids))
      if (await canSeeChart(ctx, principal, row)) visible.push(row.id);
    if (visible.length === 0) throw notFound();
    const starred = await starredIds(db, principal.user.id, 'slice', visible);
    return { result: ids.filter((id) => visible.includes(id)).map((id) => ({ id, value: starred.has(id) })) };
  });

  app.get('/api/v1/chart/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Chart');
    const id = idParam(request);
    const query = parseRisonQuery(showQuerySchema, risonParam(request));
    await visibleChart(ctx, principal, id);
    const view = await findChartView(db, id);
    if (!view) throw notFound();
    const [item] = await chartItems([view]);
    if (!item) throw notFound();
    return { id, result: pickColumns(item, query.columns) };
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
    const id = idParam(request);
    await visibleChart(ctx, principal, id);
    await addFavorite(db, principal.user.id, 'slice', id);
    return { result: 'OK' };
  });

  app.delete('/api/v1/chart/:id/favorites/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Chart');
    const id = idParam(request);
    await visibleChart(ctx, principal, id);
    await removeFavorite(db, principal.user.id, 'slice', id);
    return { result: 'OK' };
  });
}
