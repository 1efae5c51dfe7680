import type { FastifyInstance } from 'fastify';
import { listQuerySchema, userCreateSchema, userUpdateSchema } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { parseId, parseInput, parseRisonQuery } from '../../platform/validation';
import { requirePermission } from './principal';
import { createUser, listUserPage, updateUser, userById } from './users.service';

/** The Users admin API (FAB's /api/v1/security/users/ shapes); deactivation replaces deletion. */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/security/users/', async (request) => {
    requirePermission(request.principal, 'can_read', 'User');
    const { q } = request.query as { q?: unknown };
    return listUserPage(ctx, parseRisonQuery(listQuerySchema, q));
  });

  app.get('/api/v1/security/users/:id', async (request) => {
    requirePermission(request.principal, 'can_read', 'User');
    const id = parseId((request.params as { id?: unknown }).id);
    return { id, result: await userById(ctx, id) };
  });

  app.post('/api/v1/security/users/', async (request, reply) => {
    requirePermission(request.principal, 'can_write', 'User');
    const body = parseInput(userCreateSchema, request.body);
    const id = await createUser(ctx, body);
    return reply.code(201).send({ id, result: await userById(ctx, id) });
  });

  app.put('/api/v1/security/users/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'User');
    const id = parseId((request.params as { id?: unknown }).id);
    const body = parseInput(userUpdateSchema, request.body);
    await updateUser(ctx, principal, id, body);
    return { id, result: await userById(ctx, id) };
  });
}
