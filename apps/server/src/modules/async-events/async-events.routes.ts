import { asyncEventsQuerySchema, type AsyncEventsResponse } from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { parseInput } from '../../platform/validation';
import { registerAsyncChannelHook } from './async-channel';
import { registerAsyncEventsSocket } from './async-events-socket';
import {
  asyncQueriesEnabled,
  closeAsyncEvents,
  readAsyncEvents,
  requireAsyncChannel,
  startAsyncJobSweep,
} from './async-events.service';

/**
 * Global async queries' events (reference §6): the async-token cookie on every request, GET
 * /api/v1/async_event/ for polling clients and the `/ws` socket. Register after the auth hook.
 */
export function registerAsyncEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAsyncChannelHook(app, ctx);
  app.get('/api/v1/async_event/', async (request): Promise<AsyncEventsResponse> => {
    if (!asyncQueriesEnabled(ctx)) throw notFound();
    const channel = requireAsyncChannel(request);
    const query = parseInput(asyncEventsQuerySchema, request.query);
    return { result: await readAsyncEvents(ctx, channel, query.last_id ?? null) };
  });
  if (asyncQueriesEnabled(ctx)) {
    registerAsyncEventsSocket(app, ctx);
    startAsyncJobSweep(ctx);
  }
  app.addHook('onClose', async () => {
    await closeAsyncEvents(ctx);
  });
}
