import {
  listQuerySchema,
  savedQueryCreateSchema,
  savedQueryIdsSchema,
  savedQueryUpdateSchema,
} from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { pickColumns, showQuerySchema } from '../../platform/columns';
import { idParam, parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { relatedDatabases } from '../databases/database-choices';
import { distinctChoices, registerModelHelpers } from '../security/model-helpers';
import { requirePermission } from '../security/principal';
import { relatedUsers } from '../security/related-users';
import { toWriteResponse } from './saved-query-dict';
import {
  changeSavedQuery,
  createSavedQuery,
  deleteSavedQueriesInBulk,
  deleteSavedQuery,
  listSavedQueries,
  savedQueryPlacesOf,
  showSavedQuery,
  visibleSavedQuery,
} from './saved-queries.service';

export function registerSavedQueryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.store.db;

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
        distinctChoices(await savedQueryPlacesOf(ctx, 'schema', principal), query),
      catalog: async (query, principal) =>
        distinctChoices(await savedQueryPlacesOf(ctx, 'catalog', principal), query),
    },
  });

  app.get('/api/v1/saved_query/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'SavedQuery');
    const query = parseRisonQuery(listQuerySchema, risonParam(request));
    return listSavedQueries(ctx, principal, query);
  });

  app.get('/api/v1/saved_query/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'SavedQuery');
    const id = idParam(request);
    const query = parseRisonQuery(showQuerySchema, risonParam(request));
    return { id, result: pickColumns(await showSavedQuery(ctx, principal, id), query.columns) };
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
    await deleteSavedQuery(ctx, principal, idParam(request));
    return { message: 'OK' };
  });

  // All or nothing: one id the caller may not delete makes the whole request a 404.
  app.delete('/api/v1/saved_query/', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'SavedQuery');
    const count = await deleteSavedQueriesInBulk(
      ctx,
      principal,
      parseRisonQuery(savedQueryIdsSchema, risonParam(request)),
    );
    return { message: `Deleted ${count} saved quer${count === 1 ? 'y' : 'ies'}` };
  });
}
