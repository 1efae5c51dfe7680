import { embeddedDashboardWriteSchema, guestTokenRequestSchema } from '@tessera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { parseInput } from '../../platform/validation';
import { issueGuestToken } from './guest.service';
import { requireUser, requireViewer } from '../security/principal';
import {
  embeddingForGuest,
  grantGuestToken,
  readEmbedding,
  removeEmbedding,
  requireEmbedding,
  saveEmbedding,
} from './embedded.service';

const param = (request: FastifyRequest, name: string): string => {
  const value = (request.params as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
};

/** Embedding (issue #15 item 4, reference §8.1): the dashboard's embedded config and guest tokens. */
export function registerEmbeddedRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/dashboard/:id/embedded', async (request) => {
    const principal = requireUser(request.principal);
    return { result: await readEmbedding(ctx, principal, param(request, 'id')) };
  });

  for (const method of ['post', 'put'] as const) {
    app[method]('/api/v1/dashboard/:id/embedded', async (request) => {
      const principal = requireUser(request.principal);
      // With the feature off the route is absent: 404 whatever the body holds.
      requireEmbedding(ctx);
      const body = parseInput(embeddedDashboardWriteSchema, request.body ?? {});
      return { result: await saveEmbedding(ctx, principal, param(request, 'id'), body) };
    });
  }

  app.delete('/api/v1/dashboard/:id/embedded', async (request) => {
    const principal = requireUser(request.principal);
    await removeEmbedding(ctx, principal, param(request, 'id'));
    return { message: 'OK' };
  });

  // The embedded page asks which dashboard its uuid stands for, with the guest token it was handed.
  app.get('/api/v1/embedded_dashboard/:uuid', async (request) => {
    const viewer = requireViewer(request.principal, request.guest, 'can_read', 'Dashboard');
    return { result: await embeddingForGuest(ctx, viewer, param(request, 'uuid')) };
  });

  app.post('/api/v1/security/guest_token/', async (request) => {
    const principal = requireUser(request.principal);
    requireEmbedding(ctx);
    const body = parseInput(guestTokenRequestSchema, request.body);
    return { token: await grantGuestToken(ctx, principal, body, (req) => issueGuestToken(ctx, req)) };
  });
}
