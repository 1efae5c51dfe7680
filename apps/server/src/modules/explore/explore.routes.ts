import { exploreFormDataWriteSchema, explorePermalinkRequestSchema } from '@tessera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { parseInput } from '../../platform/validation';
import { requirePermission } from '../security/principal';
import { createFormData, deleteFormData, readFormData, updateFormData } from './explore-form-data';
import { createExplorePermalink, readExplorePermalink } from './explore-permalink';
import { loadExploreState } from './explore-state';
import { externalUrl } from '../../platform/external-url';

const keyParam = (request: FastifyRequest): unknown => (request.params as { key?: unknown }).key;

/** Explore's state endpoints (reference §7), with Superset's permission views for each API. */
export function registerExploreRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/explore/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Explore');
    return loadExploreState(ctx, principal, request.query);
  });

  app.post('/api/v1/explore/permalink', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'ExplorePermalinkRestApi');
    const body = parseInput(explorePermalinkRequestSchema, request.body);
    const key = await createExplorePermalink(ctx, principal, body);
    return reply.code(201).send({ key, url: externalUrl(request, `/superset/explore/p/${key}/`) });
  });

  app.get('/api/v1/explore/permalink/:key', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'ExplorePermalinkRestApi');
    return readExplorePermalink(ctx, principal, keyParam(request));
  });

  app.post('/api/v1/explore/form_data', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'ExploreFormDataRestApi');
    const body = parseInput(exploreFormDataWriteSchema, request.body);
    return reply.code(201).send({ key: await createFormData(ctx, principal, body) });
  });

  app.put('/api/v1/explore/form_data/:key', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'ExploreFormDataRestApi');
    const body = parseInput(exploreFormDataWriteSchema, request.body);
    return { key: await updateFormData(ctx, principal, keyParam(request), body) };
  });

  app.get('/api/v1/explore/form_data/:key', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'ExploreFormDataRestApi');
    return { form_data: await readFormData(ctx, principal, keyParam(request)) };
  });

  app.delete('/api/v1/explore/form_data/:key', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'ExploreFormDataRestApi');
    await deleteFormData(ctx, principal, keyParam(request));
    return { message: 'Deleted successfully' };
  });
}
