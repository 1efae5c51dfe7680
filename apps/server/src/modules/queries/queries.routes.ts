import { listQuerySchema, stopQueryRequestSchema, updatedSinceQuerySchema } from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { parseId, parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { requirePermission } from '../security/principal';
import { canSeeAllQueries } from './query-access';
import { toQueryListItem } from './query-dict';
import { listQueryViews } from './query-list';
import { queriesUpdatedSince, showQuery, stopQuery, type QueryCanceller } from './queries.service';

export function registerQueryRoutes(app: FastifyInstance, ctx: AppContext, canceller: QueryCanceller): void {
  const db = ctx.store.db;

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
