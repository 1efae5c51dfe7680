import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  tableSchemaExpandedSchema,
  tableSchemaInputSchema,
  tabStateEditorSchema,
  tabStateMigrateQuerySchema,
  tabStateUpdateSchema,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import { requirePermission } from '../security/principal';
import { bodyFields, parseFields, viewError } from './tab-state-input';
import {
  addTablePanel,
  changeTab,
  createTab,
  expandTablePanel,
  makeTabActive,
  migrateQueryToTab,
  ownTab,
  ownTablePanel,
  removeTab,
  removeTablePanel,
  removeTabQuery,
  toTabStateDict,
  toTableSchemaDict,
} from './tab-state.service';

function idOf(request: FastifyRequest, name = 'id'): number {
  const raw = (request.params as Record<string, unknown>)[name];
  if (typeof raw !== 'string' || !/^[1-9]\d{0,11}$/.test(raw)) throw viewError(404, 'Not found.');
  return Number(raw);
}

/** These views answer bare JSON values (`"OK"`, an id); Fastify would send a string as plain text. */
const json = (reply: FastifyReply, value: string | number) =>
  reply.type('application/json; charset=utf-8').send(JSON.stringify(value));

/**
 * SQL Lab's tab persistence views (reference §2.6): the caller's tabs and table panels, form-encoded
 * bodies with JSON-encoded values (JSON bodies are accepted too), `{error}` bodies on failure.
 */
export function registerTabStateRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/tabstateview/', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    const fields = bodyFields(request);
    if (fields.queryEditor === undefined) throw viewError(400, 'The queryEditor field is required.');
    const editor = parseFields(tabStateEditorSchema, fields.queryEditor);
    return { id: await createTab(ctx, principal, editor) };
  });

  app.get('/tabstateview/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'TabStateView');
    return toTabStateDict(ctx.store.db, await ownTab(ctx, principal, idOf(request)));
  });

  app.put('/tabstateview/:id', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    const id = idOf(request);
    await ownTab(ctx, principal, id);
    const update = parseFields(tabStateUpdateSchema, bodyFields(request));
    return json(reply, await changeTab(ctx, principal, id, update));
  });

  app.delete('/tabstateview/:id', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    await removeTab(ctx, principal, idOf(request));
    return json(reply, 'OK');
  });

  app.post('/tabstateview/:id/activate', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    return json(reply, await makeTabActive(ctx, principal, idOf(request)));
  });

  app.post('/tabstateview/:id/migrate_query', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    const id = idOf(request);
    await ownTab(ctx, principal, id);
    const { queryId } = parseFields(tabStateMigrateQuerySchema, bodyFields(request));
    return json(reply, await migrateQueryToTab(ctx, principal, id, queryId));
  });

  app.delete('/tabstateview/:id/query/:clientId', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    const id = idOf(request);
    await ownTab(ctx, principal, id);
    const clientId = (request.params as { clientId?: unknown }).clientId;
    if (typeof clientId !== 'string' || clientId.length > 11) throw viewError(404, 'Query not found.');
    await removeTabQuery(ctx, principal, id, clientId);
    return json(reply, 'OK');
  });

  app.post('/tableschemaview/', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    const rawTable = bodyFields(request).table;
    const table = parseFields(tableSchemaInputSchema, rawTable);
    return { id: await addTablePanel(ctx, principal, table, rawTable) };
  });

  app.delete('/tableschemaview/:id', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    await removeTablePanel(ctx, principal, idOf(request));
    return json(reply, 'OK');
  });

  app.post('/tableschemaview/:id/expanded', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    const id = idOf(request);
    await ownTablePanel(ctx, principal, id);
    const { expanded } = parseFields(tableSchemaExpandedSchema, bodyFields(request));
    return { id: await expandTablePanel(ctx, principal, id, expanded), expanded };
  });

  app.get('/tableschemaview/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    return toTableSchemaDict(await ownTablePanel(ctx, principal, idOf(request)));
  });
}
