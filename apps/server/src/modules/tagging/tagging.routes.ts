import {
  getObjectsQuerySchema,
  listQuerySchema,
  tagBulkDeleteSchema,
  tagCreateSchema,
  tagNameSchema,
  taggedObjectTypeParamSchema,
  tagObjectBodySchema,
  tagUpdateSchema,
} from '@tessera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { pickColumns, showQuerySchema } from '../../platform/columns';
import { messageError, notFound } from '../../platform/errors';
import { idParam, parseId, parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { registerModelHelpers } from '../security/model-helpers';
import { requirePermission } from '../security/principal';
import { relatedUsers } from '../security/related-users';
import { deleteTag, deleteTagsInBulk, listTags, showTag, taggingEnabled } from '../tags/tags.service';
import { changeTag, createTag, getTaggedObjects, tagObject, untagObject } from './tagging.service';

const pathParam = (request: FastifyRequest, name: string): unknown =>
  (request.params as Record<string, unknown>)[name];

/** `{object_type}/{object_id}` of the object routes: an unknown kind is a 400, a bad id a 404. */
function objectParams(request: FastifyRequest) {
  const type = taggedObjectTypeParamSchema.safeParse(pathParam(request, 'object_type'));
  if (!type.success) throw messageError(400, { object_type: ['Not a valid object type.'] });
  return { type: type.data, id: parseId(pathParam(request, 'object_id')) };
}

/**
 * The tag API of reference §14 (TAGGING_SYSTEM): every route answers 404 while the flag is off, as
 * Superset does not register the API then.
 */
export function registerTaggingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.store.db;

  app.addHook('onRequest', (request, _reply, done) => {
    const tagRoute = request.url === '/api/v1/tag' || request.url.startsWith('/api/v1/tag/');
    if (tagRoute && !taggingEnabled(ctx)) done(notFound());
    else done();
  });

  app.get('/api/v1/tag/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Tag');
    const query = parseRisonQuery(listQuerySchema, risonParam(request));
    const { count, ids, items } = await listTags(ctx, principal, query);
    return { count, ids, result: items.map((item) => pickColumns(item, query.columns)) };
  });

  registerModelHelpers(app, {
    base: '/api/v1/tag',
    resource: 'Tag',
    related: {
      created_by: (query) => relatedUsers(db, query),
      changed_by: (query) => relatedUsers(db, query),
    },
  });

  app.get('/api/v1/tag/get_objects/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Tag');
    const query = parseInput(getObjectsQuerySchema, request.query);
    return { result: await getTaggedObjects(ctx, principal, query) };
  });

  app.get('/api/v1/tag/:id', async (request) => {
    requirePermission(request.principal, 'can_read', 'Tag');
    const id = idParam(request);
    const query = parseRisonQuery(showQuerySchema, risonParam(request));
    return { id, result: pickColumns(await showTag(ctx, id), query.columns) };
  });

  app.post('/api/v1/tag/', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'Tag');
    const input = parseInput(tagCreateSchema, request.body);
    const tag = await createTag(ctx, principal, input);
    return reply.code(201).send({ id: tag.id, result: tag });
  });

  app.put('/api/v1/tag/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'Tag');
    const id = idParam(request);
    const input = parseInput(tagUpdateSchema, request.body);
    const tag = await changeTag(ctx, principal, id, input);
    return { id: tag.id, result: tag };
  });

  app.delete('/api/v1/tag/:id', async (request) => {
    requirePermission(request.principal, 'can_write', 'Tag');
    await deleteTag(ctx, idParam(request));
    return { message: 'OK' };
  });

  app.delete('/api/v1/tag/', async (request) => {
    requirePermission(request.principal, 'can_write', 'Tag');
    const refs = parseRisonQuery(tagBulkDeleteSchema, risonParam(request));
    const count = await deleteTagsInBulk(ctx, refs);
    return { message: `Deleted ${count} tag${count === 1 ? '' : 's'}` };
  });

  app.post('/api/v1/tag/:object_type/:object_id/', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'Tag');
    const { type, id } = objectParams(request);
    const body = parseInput(tagObjectBodySchema, request.body);
    await tagObject(ctx, principal, type, id, body.properties.tags);
    return reply.code(201).send({ message: 'OK' });
  });

  const untag = async (request: FastifyRequest) => {
    const principal = requirePermission(request.principal, 'can_write', 'Tag');
    const { type, id } = objectParams(request);
    const name = tagNameSchema.safeParse(pathParam(request, 'tag'));
    if (!name.success) throw messageError(404, 'Not found');
    await untagObject(ctx, principal, type, id, name.data);
    return { message: 'OK' };
  };
  app.delete('/api/v1/tag/:object_type/:object_id/:tag', untag);
  app.delete('/api/v1/tag/:object_type/:object_id/:tag/', untag);
}
