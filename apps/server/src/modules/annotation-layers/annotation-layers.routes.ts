import {
  annotationCreateSchema,
  annotationIdsSchema,
  annotationLayerCreateSchema,
  annotationLayerUpdateSchema,
  annotationUpdateSchema,
  listQuerySchema,
} from '@tessera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { pickColumns, showQuerySchema } from '../../platform/columns';
import { idParam, parseId, parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { registerModelHelpers } from '../security/model-helpers';
import { requirePermission } from '../security/principal';
import { relatedUsers } from '../security/related-users';
import { annotationWriteResponse, layerWriteResponse } from './annotation-dict';
import {
  changeAnnotation,
  changeLayer,
  createAnnotation,
  createLayer,
  deleteAnnotationsInBulk,
  deleteLayersInBulk,
  listAnnotations,
  listLayers,
  showAnnotation,
  showLayer,
} from './annotation-layers.service';

const BASE = '/api/v1/annotation_layer';
/** Superset guards layers and their annotations with one permission view. */
const RESOURCE = 'Annotation';

const annotationIdParam = (request: FastifyRequest): number =>
  parseId((request.params as { annotationId?: unknown }).annotationId);

const plural = (count: number, one: string, many: string): string => (count === 1 ? one : many);

export function registerAnnotationLayerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.store.db;
  registerModelHelpers(app, {
    base: BASE,
    resource: RESOURCE,
    related: {
      created_by: (query) => relatedUsers(db, query),
      changed_by: (query) => relatedUsers(db, query),
    },
  });
  const reader = (request: FastifyRequest) => requirePermission(request.principal, 'can_read', RESOURCE);
  const writer = (request: FastifyRequest) => requirePermission(request.principal, 'can_write', RESOURCE);

  app.get(`${BASE}/`, async (request) => {
    reader(request);
    return listLayers(ctx, parseRisonQuery(listQuerySchema, risonParam(request)));
  });

  app.get(`${BASE}/:id`, async (request) => {
    reader(request);
    const id = idParam(request);
    const query = parseRisonQuery(showQuerySchema, risonParam(request));
    return { id, result: pickColumns(await showLayer(ctx, id), query.columns) };
  });

  app.post(`${BASE}/`, async (request, reply) => {
    const principal = writer(request);
    const input = parseInput(annotationLayerCreateSchema, request.body);
    return reply.code(201).send(layerWriteResponse(await createLayer(ctx, principal, input)));
  });

  app.put(`${BASE}/:id`, async (request) => {
    const principal = writer(request);
    const id = idParam(request);
    const input = parseInput(annotationLayerUpdateSchema, request.body);
    return layerWriteResponse(await changeLayer(ctx, principal, id, input));
  });

  app.delete(`${BASE}/:id`, async (request) => {
    writer(request);
    await deleteLayersInBulk(ctx, [idParam(request)]);
    return { message: 'OK' };
  });

  app.delete(`${BASE}/`, async (request) => {
    writer(request);
    const count = await deleteLayersInBulk(ctx, parseRisonQuery(annotationIdsSchema, risonParam(request)));
    return { message: `Deleted ${count} annotation ${plural(count, 'layer', 'layers')}` };
  });

  app.get(`${BASE}/:id/annotation/`, async (request) => {
    reader(request);
    const layerId = idParam(request);
    return listAnnotations(ctx, layerId, parseRisonQuery(listQuerySchema, risonParam(request)));
  });

  app.get(`${BASE}/:id/annotation/:annotationId`, async (request) => {
    reader(request);
    const layerId = idParam(request);
    const id = annotationIdParam(request);
    const query = parseRisonQuery(showQuerySchema, risonParam(request));
    return { id, result: pickColumns(await showAnnotation(ctx, layerId, id), query.columns) };
  });

  app.post(`${BASE}/:id/annotation/`, async (request, reply) => {
    const principal = writer(request);
    const layerId = idParam(request);
    const input = parseInput(annotationCreateSchema, request.body);
    return reply
      .code(201)
      .send(annotationWriteResponse(await createAnnotation(ctx, principal, layerId, input)));
  });

  app.put(`${BASE}/:id/annotation/:annotationId`, async (request) => {
    const principal = writer(request);
    const layerId = idParam(request);
    const id = annotationIdParam(request);
    const input = parseInput(annotationUpdateSchema, request.body);
    return annotationWriteResponse(await changeAnnotation(ctx, principal, layerId, id, input));
  });

  app.delete(`${BASE}/:id/annotation/:annotationId`, async (request) => {
    writer(request);
    await deleteAnnotationsInBulk(ctx, idParam(request), [annotationIdParam(request)]);
    return { message: 'OK' };
  });

  app.delete(`${BASE}/:id/annotation/`, async (request) => {
    writer(request);
    const layerId = idParam(request);
    const ids = parseRisonQuery(annotationIdsSchema, risonParam(request));
    const count = await deleteAnnotationsInBulk(ctx, layerId, ids);
    return { message: `Deleted ${count} ${plural(count, 'annotation', 'annotations')}` };
  });
}
