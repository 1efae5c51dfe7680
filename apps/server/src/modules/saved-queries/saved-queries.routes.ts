import {
  listQuerySchema,
  savedQueryCreateSchema,
  savedQueryIdsSchema,
  savedQueryUpdateSchema,
} from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { idParam, parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { requirePermission } from '../security/principal';
import { toSavedQuery, toWriteResponse } from './saved-query-dict';
import { listSavedQueryViews } from './saved-query-list';
import { deleteSavedQueries, findSavedQueryView, ownedSavedQueryIds } from './saved-queries.repo';
import {
  changeSavedQuery,
  createSavedQuery,
  seesAllSavedQueries,
  visibleSavedQuery,
} from './saved-queries.service';

export function registerSavedQueryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.store.db;

  app.get('/api/v1/saved_query/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'SavedQuery');
    const query = parseRisonQuery(listQuerySchema, risonParam(request));
    const ownerId = seesAllSavedQueries(principal) ? null : principal.user.id;
    const { count, rows } = await listSavedQueryViews(db, query, ownerId);
    const now = Date.now();
    return { count, ids: rows.map((row) => row.id), result: rows.map((row) => toSavedQuery(row, now)) };
  });

  app.get('/api/v1/saved_query/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'SavedQuery');
    const id = idParam(request);
    await visibleSavedQuery(ctx, principal, id);
    const view = await findSavedQueryView(db, id);
    if (!view) throw notFound();
    return { id, result: toSavedQuery(view) };
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
    const owned = await ownedSavedQueryIds(
      db,
      ids,
      seesAllSavedQueries(principal) ? null : principal.user.id,
    );
    if (owned.length !== ids.length) throw notFound();
    await deleteSavedQueries(db, owned);
    return { message: `Deleted ${ids.length} saved quer${ids.length === 1 ? 'y' : 'ies'}` };
  });
}
