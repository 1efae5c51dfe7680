import { kvStoreRequestSchema, sqlLabPermalinkRequestSchema } from '@tessera/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { parseInput } from '../../platform/validation';
import { requirePermission } from '../security/principal';
import { createSqlLabPermalink, readKv, readSqlLabPermalink, storeKv } from './sharing.service';
import { externalUrl } from '../../platform/external-url';

const keyParam = (request: FastifyRequest): unknown => (request.params as { key?: unknown }).key;

/** SQL Lab permalinks and the legacy /kv/ store: any SQL Lab user may open a key someone shared. */
export function registerSharingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.store.db;

  app.post('/api/v1/sqllab/permalink', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'SQLLab');
    const body = parseInput(sqlLabPermalinkRequestSchema, request.body);
    const key = await createSqlLabPermalink(db, principal.user.id, body);
    return reply.code(201).send({ key, url: externalUrl(request, `/sqllab/p/${key}/`) });
  });

  app.get('/api/v1/sqllab/permalink/:key', async (request) => {
    requirePermission(request.principal, 'can_read', 'SQLLab');
    return readSqlLabPermalink(db, keyParam(request));
  });

  app.post('/kv/store/', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'SQLLab');
    const body = parseInput(kvStoreRequestSchema, request.body);
    return { id: await storeKv(db, principal.user.id, body) };
  });

  const getKv = async (request: FastifyRequest, reply: FastifyReply) => {
    requirePermission(request.principal, 'can_read', 'SQLLab');
    const json = await readKv(db, keyParam(request));
    return reply.type('application/json; charset=utf-8').send(json);
  };
  app.get('/kv/:key', getKv);
  app.get('/kv/:key/', getKv);
}
