import { datasetCreateSchema, datasetGetOrCreateSchema, listQuerySchema } from '@tessera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { parseId, parseInput, parseRisonQuery } from '../../platform/validation';
import { requirePermission } from '../security/principal';
import { canSeeAllDatasets } from './dataset-access';
import { toDatasetListItem } from './dataset-dict';
import { listDatasetViews } from './dataset-list';
import { loadExploreDatasource, parseDatasourceKey } from './explore-datasource';
import { ownersByDataset } from './dataset-owners';
import { createDataset, getOrCreateDataset, removeDataset, showDataset } from './datasets.service';

const rison = (request: FastifyRequest): unknown => (request.query as { q?: unknown }).q;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParam = (request: FastifyRequest): number => parseId((request.params as { id?: unknown }).id);

export function registerDatasetRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/dataset/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dataset');
    const query = parseRisonQuery(listQuerySchema, rison(request));
    const { count, rows } = await listDatasetViews(
      ctx.store.db,
      query,
      canSeeAllDatasets(principal) ? null : principal.user.id,
    );
    const owners = await ownersByDataset(
      ctx.store.db,
      rows.map((row) => row.id),
    );
    return {
      count,
      ids: rows.map((row) => row.id),
      result: rows.map((row) => toDatasetListItem(row, owners.get(row.id) ?? [])),
    };
  });

  app.post('/api/v1/dataset/', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'Dataset');
    const body = parseInput(datasetCreateSchema, request.body);
    const created = await createDataset(ctx, principal, body);
    return reply.code(201).send(created);
  });

  app.post('/api/v1/dataset/get_or_create/', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'Dataset');
    const body = parseInput(datasetGetOrCreateSchema, request.body);
    const tableId = await getOrCreateDataset(ctx, principal, body);
    return { result: { table_id: tableId } };
  });

  app.get('/api/v1/dataset/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dataset');
    const raw = (request.params as { id?: unknown }).id;
    const key = typeof raw === 'string' && UUID.test(raw) ? raw.toLowerCase() : idParam(request);
    const result = await showDataset(ctx, principal, key);
    return { id: result.id, result };
  });

  app.get('/superset/fetch_datasource_metadata', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dataset');
    const key = (request.query as { datasourceKey?: unknown }).datasourceKey;
    return loadExploreDatasource(ctx, principal, parseDatasourceKey(key));
  });

  app.delete('/api/v1/dataset/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'Dataset');
    await removeDataset(ctx, principal, idParam(request));
    return { message: 'OK' };
  });
}
