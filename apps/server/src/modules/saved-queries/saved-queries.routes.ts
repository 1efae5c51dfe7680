import {
  listQuerySchema,
  savedQueryCreateSchema,
  savedQueryIdsSchema,
  savedQueryUpdateSchema,
} from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { pickColumns, showQuerySchema } from '../../platform/columns';
import { notFound } from '../../platform/errors';
import { idParam, parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { relatedDatabases } from '../databases/database-choices';
import { distinctChoices, registerModelHelpers } from '../security/model-helpers';
import { requirePermission, type Principal } from '../security/principal';
import { relatedUsers } from '../security/related-users';
import { toSavedQuery, toWriteResponse } from './saved-query-dict';
import { listSavedQueryViews } from './saved-query-list';
import {
  deleteSavedQueries,
  findSavedQueryView,
  ownedSavedQueryIds,
  savedQueryPlaces,
} from './saved-queries.repo';
import {
  changeSavedQuery,
  createSavedQuery,
  seesAllSavedQueries,
  visibleSavedQuery,
} from './saved-queries.service';

export function registerSavedQueryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.store.db;
  const ownerFilter = (principal: Principal): number | null =>
    seesAllSavedQueries(principal) ? null : principal.user.id;

  registerModelHelpers(app, {
    base: '/api/v1/saved_query',
    resource: 'SavedQuery',
    related: {
      database: (query, principal) => relatedDatabases(db, principal, query),
      created_by: (query) => relatedUsers(db, query),
      changed_by: (query) => relatedUsers(db, query),
    },
    distinct: {
      schema: async (query, principal) =>
        distinctChoices(await savedQueryPlaces(db, 'schema', ownerFilter(principal)), query),
      catalog: async (query, principal) =>
        distinctChoices(await savedQueryPlaces(db, 'catalog', ownerFilter(principal)), query),
    },
  });

  app.get('/api/v1/saved_query/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'SavedQuery');
    const query = parseRisonQuery(listQuerySchema, risonParam(request));
    const { count, rows } = await listSavedQueryViews(db, query, ownerFilter(principal));
    const now = Date.now();
    return { count, ids: rows.map((row) => row.id), result: rows.map((row) => toSavedQuery(row, now)) };
  });

  app.get('/api/v1/saved_query/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'SavedQuery');
    const id = idParam(request);
    const query = parseRisonQuery(showQuerySchema, risonParam(request));
    await visibleSavedQuery(ctx, principal, id);
    const view = await findSavedQueryView(db, id);
    if (!view) throw notFound();
    return { id, result: pickColumns(toSavedQuery(view), query.columns) };
  });

  app.post('/api/v1/saved_query/', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'SavedQuery');
    const input = parseInput(savedQueryCreateSchema, request.body);
    const row = await createSavedQuery(ctx, principal, input);
    return reply.code(201).send(toWriteResponse(row));
  });

  app.put('/api/v1/saved_query/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'SavedQuery');
    const id = idParam(request);
    // Someone else's id is a 404 whatever the body holds.
    await visibleSavedQuery(ctx, principal, id);
    const input = parseInput(savedQueryUpdateSchema, request.body);
    return toWriteResponse(await changeSavedQuery(ctx, principal, id, input));
  });

  app.delete('/api/v1/saved_query/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'SavedQuery');
    const id = idParam(request);
    await visibleSavedQuery(ctx, principal, id);
    await deleteSavedQueries(db, [id]);
    return { message: 'OK' };
  });

  // All or nothing: one id the caller may not delete makes the whole request a 404.
  app.delete('/api/v1/saved_query/', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'SavedQuery');
    const ids = [...new Set(parseRisonQuery(savedQueryIdsSchema, risonParam(request)))];
    const owned = await ownedSavedQueryIds(db, ids, ownerFilter(principal));
    if (owned.length !== ids.length) throw notFound();
    await deleteSavedQueries(db, owned);
    return { message: `Deleted ${ids.length} saved quer${ids.length === 1 ? 'y' : 'ies'}` };
  });
}
