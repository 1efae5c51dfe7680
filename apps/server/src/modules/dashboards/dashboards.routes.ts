import {
  chartIdsSchema,
  dashboardCreateSchema,
  dashboardUpdateSchema,
  listQuerySchema,
  type Dashboard,
} from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { pickColumns, showQuerySchema } from '../../platform/columns';
import { notFound } from '../../platform/errors';
import { idParam, parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { addFavorite, removeFavorite, starredIds } from '../favorites/favorites.repo';
import { relatedQuerySchema, relatedUsers } from '../security/related-users';
import { requirePermission } from '../security/principal';
import { canSeeDashboard, changeableDashboard, visibleDashboard } from './dashboard-access';
import { toDashboard, toDashboardWriteResponse } from './dashboard-dict';
import { listDashboardViews } from './dashboard-list';
import {
  chartNamesOfDashboards,
  dashboardOwners,
  dashboardRoles,
  findDashboards,
  findDashboardView,
  type DashboardView,
} from './dashboards.repo';
import { changeDashboard, createDashboard, deleteDashboardsOwned } from './dashboards.service';

/**
 * The dashboard API Explore's save dialog needs (reference §8.1): CRUD, list, favourites and owners.
 * Layout editing, filters, copy and permalinks come with the dashboard screens.
 */
export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.store.db;

  async function dashboardItems(views: DashboardView[]): Promise<Dashboard[]> {
    const ids = views.map((view) => view.id);
    const [owners, roles, charts] = [
      await dashboardOwners(db, ids),
      await dashboardRoles(db, ids),
      await chartNamesOfDashboards(db, ids),
    ];
    const now = Date.now();
    return views.map((view) =>
      toDashboard(
        view,
        {
          owners: owners.get(view.id) ?? [],
          roles: roles.get(view.id) ?? [],
          charts: charts.get(view.id) ?? [],
        },
        now,
      ),
    );
  }

  app.get('/api/v1/dashboard/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dashboard');
    const query = parseRisonQuery(listQuerySchema, risonParam(request));
    const { count, rows } = await listDashboardViews(db, query, principal);
    const items = await dashboardItems(rows);
    return {
      count,
      ids: rows.map((row) => row.id),
      result: items.map((item) => pickColumns(item, query.columns)),
    };
  });

  app.get('/api/v1/dashboard/favorite_status/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dashboard');
    const ids = [...new Set(parseRisonQuery(chartIdsSchema, risonParam(request)))];
    const visible: number[] = [];
    for (const row of await findDashboards(db, ids)) {
      if (await canSeeDashboard(ctx, principal, row)) visible.push(row.id);
    }
    if (visible.length === 0) throw notFound();
    const starred = await starredIds(db, principal.user.id, 'Dashboard', visible);
    return { result: ids.filter((id) => visible.includes(id)).map((id) => ({ id, value: starred.has(id) })) };
  });

  app.get('/api/v1/dashboard/related/owners', async (request) => {
    requirePermission(request.principal, 'can_read', 'Dashboard');
    return relatedUsers(db, parseRisonQuery(relatedQuerySchema, risonParam(request)));
  });

  app.get('/api/v1/dashboard/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dashboard');
    const query = parseRisonQuery(showQuerySchema, risonParam(request));
    const row = await visibleDashboard(ctx, principal, (request.params as { id?: unknown }).id);
    const view = await findDashboardView(db, row.id);
    if (!view) throw notFound();
    const [item] = await dashboardItems([view]);
    if (!item) throw notFound();
    return { id: row.id, result: pickColumns(item, query.columns) };
  });

  app.post('/api/v1/dashboard/', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'Dashboard');
    const input = parseInput(dashboardCreateSchema, request.body);
    const saved = await createDashboard(ctx, principal, input);
    return reply.code(201).send(toDashboardWriteResponse(saved.row, saved.owners));
  });

  app.put('/api/v1/dashboard/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'Dashboard');
    const id = idParam(request);
    await changeableDashboard(ctx, principal, id);
    const input = parseInput(dashboardUpdateSchema, request.body);
    const saved = await changeDashboard(ctx, principal, id, input);
    return toDashboardWriteResponse(saved.row, saved.owners);
  });

  app.delete('/api/v1/dashboard/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'Dashboard');
    await deleteDashboardsOwned(ctx, principal, [idParam(request)]);
    return { message: 'OK' };
  });

  app.delete('/api/v1/dashboard/', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'Dashboard');
    const count = await deleteDashboardsOwned(
      ctx,
      principal,
      parseRisonQuery(chartIdsSchema, risonParam(request)),
    );
    return { message: `Deleted ${count} dashboard${count === 1 ? '' : 's'}` };
  });

  app.post('/api/v1/dashboard/:id/favorites/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dashboard');
    const row = await visibleDashboard(ctx, principal, String(idParam(request)));
    await addFavorite(db, principal.user.id, 'Dashboard', row.id);
    return { result: 'OK' };
  });

  app.delete('/api/v1/dashboard/:id/favorites/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dashboard');
    const row = await visibleDashboard(ctx, principal, String(idParam(request)));
    await removeFavorite(db, principal.user.id, 'Dashboard', row.id);
    return { result: 'OK' };
  });
}
