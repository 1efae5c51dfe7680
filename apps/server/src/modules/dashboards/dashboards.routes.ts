import {
  chartIdsSchema,
  dashboardColorsQuerySchema,
  dashboardColorsSchema,
  dashboardCopySchema,
  dashboardCreateSchema,
  dashboardFiltersUpdateSchema,
  dashboardFilterStateQuerySchema,
  dashboardFilterStateWriteSchema,
  dashboardPermalinkRequestSchema,
  dashboardUpdateSchema,
  listQuerySchema,
} from '@tessera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { pickColumns, showQuerySchema } from '../../platform/columns';
import { idParam, parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { registerModelHelpers } from '../security/model-helpers';
import { relatedUsers } from '../security/related-users';
import { requirePermission, requireViewer } from '../security/principal';
import { requireDashboardEditor } from './dashboard-access';
import { saveDashboardColors } from './dashboard-colors';
import { copyDashboard } from './dashboard-copy';
import { saveDashboardFilters } from './dashboard-filters.service';
import { toDashboardWriteResponse } from './dashboard-dict';
import {
  createFilterState,
  deleteFilterState,
  readFilterState,
  updateFilterState,
} from './dashboard-filter-state.service';
import { createDashboardPermalink, readDashboardPermalink } from './dashboard-permalink.service';
import {
  dashboardCharts,
  dashboardDatasets,
  dashboardFavoriteStatus,
  dashboardTabs,
  listDashboards,
  relatedRoles,
  setDashboardFavorite,
  showDashboard,
} from './dashboard-reads.service';
import { changeDashboard, createDashboard, deleteDashboardsOwned } from './dashboards.service';
import { externalUrl } from '../../platform/external-url';

const param = (request: FastifyRequest, name: string): unknown =>
  (request.params as Record<string, unknown>)[name];

/** `/api/v1/dashboard/` (reference §8.1, §8.4): routes parse input and hand it to the services. */
export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.store.db;

  app.get('/api/v1/dashboard/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dashboard');
    const query = parseRisonQuery(listQuerySchema, risonParam(request));
    const { count, ids, items } = await listDashboards(ctx, principal, query);
    return { count, ids, result: items.map((item) => pickColumns(item, query.columns)) };
  });

  app.get('/api/v1/dashboard/favorite_status/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dashboard');
    const ids = parseRisonQuery(chartIdsSchema, risonParam(request));
    return { result: await dashboardFavoriteStatus(ctx, principal, ids) };
  });

  registerModelHelpers(app, {
    base: '/api/v1/dashboard',
    resource: 'Dashboard',
    related: {
      owners: (query) => relatedUsers(db, query),
      roles: (query) => relatedRoles(ctx, query),
    },
  });

  app.get('/api/v1/dashboard/permalink/:key', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dashboard');
    return readDashboardPermalink(ctx, principal, param(request, 'key'));
  });

  app.get('/api/v1/dashboard/:id', async (request) => {
    const principal = requireViewer(request.principal, request.guest, 'can_read', 'Dashboard');
    const query = parseRisonQuery(showQuerySchema, risonParam(request));
    const item = await showDashboard(ctx, principal, param(request, 'id'));
    return { id: item.id, result: pickColumns(item, query.columns) };
  });

  app.get('/api/v1/dashboard/:id/charts', async (request) => {
    const principal = requireViewer(request.principal, request.guest, 'can_read', 'Dashboard');
    return { result: await dashboardCharts(ctx, principal, param(request, 'id')) };
  });

  app.get('/api/v1/dashboard/:id/datasets', async (request) => {
    const principal = requireViewer(request.principal, request.guest, 'can_read', 'Dashboard');
    return { result: await dashboardDatasets(ctx, principal, param(request, 'id')) };
  });

  app.get('/api/v1/dashboard/:id/tabs', async (request) => {
    const principal = requireViewer(request.principal, request.guest, 'can_read', 'Dashboard');
    return { result: await dashboardTabs(ctx, principal, param(request, 'id')) };
  });

  app.post('/api/v1/dashboard/', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'Dashboard');
    const input = parseInput(dashboardCreateSchema, request.body);
    const saved = await createDashboard(ctx, principal, input);
    const { last_modified_time: _unused, ...created } = toDashboardWriteResponse(saved.row, saved.owners);
    return reply.code(201).send(created);
  });

  app.put('/api/v1/dashboard/:id', async (request) => {
    const principal = requireDashboardEditor(ctx, request.principal);
    const id = idParam(request);
    const input = parseInput(dashboardUpdateSchema, request.body);
    const saved = await changeDashboard(ctx, principal, id, input);
    return toDashboardWriteResponse(saved.row, saved.owners);
  });

  app.put('/api/v1/dashboard/:id/colors', async (request) => {
    const principal = requireDashboardEditor(ctx, request.principal);
    const id = idParam(request);
    const query = parseInput(dashboardColorsQuerySchema, request.query);
    const colors = parseInput(dashboardColorsSchema, request.body);
    const saved = await saveDashboardColors(ctx, principal, id, colors, query.mark_updated !== 'false');
    return {
      id: saved.id,
      result: { json_metadata: saved.json_metadata },
      last_modified_time: saved.last_modified_time,
    };
  });

  app.put('/api/v1/dashboard/:id/filters', async (request) => {
    const principal = requireDashboardEditor(ctx, request.principal);
    const id = idParam(request);
    const input = parseInput(dashboardFiltersUpdateSchema, request.body);
    return { result: await saveDashboardFilters(ctx, principal, id, input) };
  });

  app.post('/api/v1/dashboard/:id/copy/', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'Dashboard');
    const input = parseInput(dashboardCopySchema, request.body);
    return copyDashboard(ctx, principal, param(request, 'id'), input);
  });

  app.delete('/api/v1/dashboard/:id', async (request) => {
    const principal = requireDashboardEditor(ctx, request.principal);
    await deleteDashboardsOwned(ctx, principal, [idParam(request)]);
    return { message: 'OK' };
  });

  app.delete('/api/v1/dashboard/', async (request) => {
    const principal = requireDashboardEditor(ctx, request.principal);
    const ids = parseRisonQuery(chartIdsSchema, risonParam(request));
    const count = await deleteDashboardsOwned(ctx, principal, ids);
    return { message: `Deleted ${count} dashboard${count === 1 ? '' : 's'}` };
  });

  app.post('/api/v1/dashboard/:id/favorites/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dashboard');
    await setDashboardFavorite(ctx, principal, String(idParam(request)), true);
    return { result: 'OK' };
  });

  app.delete('/api/v1/dashboard/:id/favorites/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dashboard');
    await setDashboardFavorite(ctx, principal, String(idParam(request)), false);
    return { result: 'OK' };
  });

  app.post('/api/v1/dashboard/:id/permalink', async (request, reply) => {
    // Also the embedded SDK's getDashboardPermalink, as the guest.
    const principal = requireViewer(request.principal, request.guest, 'can_read', 'Dashboard');
    const input = parseInput(dashboardPermalinkRequestSchema, request.body ?? {});
    const key = await createDashboardPermalink(ctx, principal, param(request, 'id'), input);
    return reply.code(201).send({ key, url: externalUrl(request, `/superset/dashboard/p/${key}/`) });
  });

  app.post('/api/v1/dashboard/:id/filter_state', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dashboard');
    parseInput(dashboardFilterStateQuerySchema, request.query);
    const input = parseInput(dashboardFilterStateWriteSchema, request.body);
    const key = await createFilterState(ctx, principal, param(request, 'id'), input);
    return reply.code(201).send({ key });
  });

  app.get('/api/v1/dashboard/:id/filter_state/:key', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dashboard');
    return { value: await readFilterState(ctx, principal, param(request, 'id'), param(request, 'key')) };
  });

  app.put('/api/v1/dashboard/:id/filter_state/:key', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dashboard');
    parseInput(dashboardFilterStateQuerySchema, request.query);
    const input = parseInput(dashboardFilterStateWriteSchema, request.body);
    const key = await updateFilterState(ctx, principal, param(request, 'id'), param(request, 'key'), input);
    return { key };
  });

  app.delete('/api/v1/dashboard/:id/filter_state/:key', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dashboard');
    await deleteFilterState(ctx, principal, param(request, 'id'), param(request, 'key'));
    return { message: 'Deleted successfully' };
  });
}
