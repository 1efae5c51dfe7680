import {
  datasetCreateSchema,
  datasetDuplicateSchema,
  datasetGetOrCreateSchema,
  datasetUpdateSchema,
  listQuerySchema,
} from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { pickColumns, showQuerySchema } from '../../platform/columns';
import { idParam, parseId, parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { relatedDatabases } from '../databases/database-choices';
import { distinctChoices, registerModelHelpers } from '../security/model-helpers';
import { requirePermission, requireViewer, type Principal } from '../security/principal';
import { relatedUsers } from '../security/related-users';
import { toDatasetListItem } from './dataset-dict';
import { listDatasetViews } from './dataset-list';
import { duplicateDataset } from './dataset-duplicate';
import { refreshDataset } from './dataset-refresh';
import { datasetSamples, parseSamplesQuery } from './dataset-samples';
import { updateDataset } from './dataset-update';
import { loadExploreDatasource, loadReadableDataset, parseDatasourceKey } from './explore-datasource';
import { readableDatasetCondition } from '../security/grants';
import { relatedObjects } from './related-objects';
import { ownersByDataset } from './dataset-owners';
import { datasetIdsSchema, removeDataset, removeDatasetPart, removeDatasetsInBulk } from './dataset-removal';
import { createDataset, datasetPlacesOf, getOrCreateDataset, showDataset } from './datasets.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerDatasetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.store.db;
  const places = async (column: 'schema' | 'catalog', principal: Principal) =>
    datasetPlacesOf(ctx, column, principal);

  registerModelHelpers(app, {
    base: '/api/v1/dataset',
    resource: 'Dataset',
    related: {
      database: (query, principal) => relatedDatabases(db, principal, query),
      owners: (query) => relatedUsers(db, query),
      created_by: (query) => relatedUsers(db, query),
      changed_by: (query) => relatedUsers(db, query),
    },
    distinct: {
      schema: async (query, principal) => distinctChoices(await places('schema', principal), query),
      catalog: async (query, principal) => distinctChoices(await places('catalog', principal), query),
    },
  });

  app.get('/api/v1/dataset/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dataset');
    const query = parseRisonQuery(listQuerySchema, risonParam(request));
    const { count, rows } = await listDatasetViews(
      ctx.store.db,
      query,
      readableDatasetCondition(principal, 't.id'),
    );
    const owners = await ownersByDataset(
      ctx.store.db,
      rows.map((row) => row.id),
    );
    return {
      count,
      ids: rows.map((row) => row.id),
      result: rows.map((row) => pickColumns(toDatasetListItem(row, owners.get(row.id) ?? []), query.columns)),
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
    const query = parseRisonQuery(showQuerySchema, risonParam(request));
    const result = await showDataset(ctx, principal, key);
    return { id: result.id, result: pickColumns(result, query.columns) };
  });

  // The dashboard page reads its charts' datasets here; embedded viewers only those of their grant.
  app.get('/superset/fetch_datasource_metadata', async (request) => {
    const principal = requireViewer(request.principal, request.guest, 'can_read', 'Dataset');
    const key = (request.query as { datasourceKey?: unknown }).datasourceKey;
    return loadExploreDatasource(ctx, principal, parseDatasourceKey(key));
  });

  app.put('/api/v1/dataset/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'Dataset');
    const id = idParam(request);
    const body = parseInput(datasetUpdateSchema, request.body);
    const override = (request.query as { override_columns?: unknown }).override_columns === 'true';
    await updateDataset(ctx, principal, id, body, override);
    return { id, result: body, data: await showDataset(ctx, principal, id) };
  });

  app.put('/api/v1/dataset/:id/refresh', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'Dataset');
    await refreshDataset(ctx, principal, idParam(request));
    return { message: 'OK' };
  });

  app.post('/api/v1/dataset/duplicate', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'Dataset');
    const body = parseInput(datasetDuplicateSchema, request.body);
    const id = await duplicateDataset(ctx, principal, body);
    return reply.code(201).send({ id, result: body });
  });

  app.get('/api/v1/dataset/:id/related_objects', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Dataset');
    const { view } = await loadReadableDataset(ctx, principal, idParam(request));
    return relatedObjects(ctx.store.db, view.id);
  });

  // Embedded viewers (guest tokens) may sample their dashboards' datasets, under the token's rls.
  app.post('/datasource/samples', async (request) => {
    const principal = requireViewer(request.principal, request.guest, 'can_read', 'Dataset');
    const query = parseSamplesQuery(request.query);
    return { result: await datasetSamples(ctx, principal, query) };
  });

  app.delete('/api/v1/dataset/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'Dataset');
    await removeDataset(ctx, principal, idParam(request));
    return { message: 'OK' };
  });

  app.delete('/api/v1/dataset/', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'Dataset');
    const ids = parseRisonQuery(datasetIdsSchema, risonParam(request));
    const count = await removeDatasetsInBulk(ctx, principal, ids);
    return { message: `Deleted ${String(count)} dataset${count === 1 ? '' : 's'}` };
  });

  for (const kind of ['column', 'metric'] as const) {
    app.delete(`/api/v1/dataset/:id/${kind}/:partId`, async (request) => {
      const principal = requirePermission(request.principal, 'can_write', 'Dataset');
      const partId = parseId((request.params as { partId?: unknown }).partId);
      await removeDatasetPart(ctx, principal, { datasetId: idParam(request), kind, id: partId });
      return { message: 'OK' };
    });
  }
}
