import { listQuerySchema, stopQueryRequestSchema, updatedSinceQuerySchema } from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { parseId, parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { relatedDatabases } from '../databases/database-choices';
import { registerModelHelpers } from '../security/model-helpers';
import { requirePermission } from '../security/principal';
import { relatedUsers } from '../security/related-users';
import { canSeeAllQueries } from './query-access';
import { toQueryListItem } from './query-dict';
import { listQueryViews } from './query-list';
import { queriesUpdatedSince, showQuery, stopQuery, type QueryCanceller } from './queries.service';

export function registerQueryRoutes(app: FastifyInstance, ctx: AppContext, canceller: QueryCanceller): void {
  const db = ctx.store.db;

  // The query history filters' choices, searched and paged by the server like every remote select.
  registerModelHelpers(app, {
    base: '/api/v1/query',
    resource: 'Query',
    infoPermissions: ['can_read'],
    related: {
      database: (query, principal) => relatedDatabases(db, principal, query),
      user: (query) => relatedUsers(db, query),
    },
  });

  app.get('/api/v1/query/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Query');
    const query = parseRisonQuery(listQuerySchema, risonParam(request));
    const { count, rows } = await listQueryViews(
      db,
      query,
      canSeeAllQueries(principal) ? null : principal.user.id,
    );
    return { count, ids: rows.map((row) => row.id), result: rows.map(toQueryListItem) };
  });

  app.get('/api/v1/query/updated_since', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Query');
    const { last_updated_ms: since } = parseRisonQuery(updatedSinceQuerySchema, risonParam(request));
    return { result: await queriesUpdatedSince(ctx, principal, since) };
  });

  app.post('/api/v1/query/stop', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Query');
    const { client_id: clientId } = parseInput(stopQueryRequestSchema, request.body);
    await stopQuery(ctx, canceller, principal, clientId);
    return { result: 'OK' };
  });

  app.get('/api/v1/query/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Query');
    const id = parseId((request.params as { id?: unknown }).id);
    return showQuery(ctx, principal, id);
  });
}
