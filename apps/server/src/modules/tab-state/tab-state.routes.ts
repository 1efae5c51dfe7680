import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { nowIso, toFlag } from '../../db/kysely';
import { accessibleDatabase } from '../databases/databases.service';
import { findQueryByClientId, updateQuery } from '../queries/queries.repo';
import { requirePermission } from '../security/principal';
import { activateTab, findTableSchema, updateTab, type TabStatePatch } from './tab-state.repo';
import {
  bodyFields,
  parseFields,
  queryEditorInputSchema,
  tabUpdateSchema,
  tableInputSchema,
  viewError,
} from './tab-state-input';
import { ownTab, toTabStateDict, toTableSchemaDict } from './tab-state.service';

const DEFAULT_LABEL = 'Untitled Query';
const DEFAULT_SQL = 'SELECT ...';

function idOf(request: FastifyRequest, name = 'id'): number {
  const raw = (request.params as Record<string, unknown>)[name];
  if (typeof raw !== 'string' || !/^[1-9]\d{0,11}$/.test(raw)) throw viewError(404, 'Not found.');
  return Number(raw);
}

/** These views answer bare JSON values (`"OK"`, an id); Fastify would send a string as plain text. */
const json = (reply: FastifyReply, value: string | number) =>
  reply.type('application/json; charset=utf-8').send(JSON.stringify(value));

function toPatch(update: z.infer<typeof tabUpdateSchema>): TabStatePatch {
  const patch: TabStatePatch = {};
  if (update.database_id !== undefined) patch.database_id = update.database_id;
  if (update.catalog !== undefined) patch.catalog = update.catalog;
  if (update.schema !== undefined) patch.schema = update.schema;
  if (update.sql !== undefined) patch.sql = update.sql;
  if (update.label !== undefined) patch.label = update.label;
  if (update.query_limit !== undefined) patch.query_limit = update.query_limit;
  if (update.latest_query_id !== undefined) patch.latest_query_id = update.latest_query_id;
  if (update.template_params !== undefined) patch.template_params = update.template_params;
  if (update.hide_left_bar !== undefined) patch.hide_left_bar = toFlag(update.hide_left_bar);
  if (update.autorun !== undefined) patch.autorun = toFlag(update.autorun);
  if (update.saved_query_id !== undefined) patch.saved_query_id = update.saved_query_id;
  if (update.extra_json !== undefined) {
    patch.extra_json =
      typeof update.extra_json === 'string' ? update.extra_json : JSON.stringify(update.extra_json);
  }
  return patch;
}

/**
 * SQL Lab's tab persistence views (reference §2.6): the caller's tabs and table panels, form-encoded
 * bodies with JSON-encoded values (JSON bodies are accepted too), `{error}` bodies on failure.
 */
export function registerTabStateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.store.db;

  app.post('/tabstateview/', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    const fields = bodyFields(request);
    if (fields.queryEditor === undefined) throw viewError(400, 'The queryEditor field is required.');
    const editor = parseFields(queryEditorInputSchema, fields.queryEditor);
    if (editor.dbId != null) await accessibleDatabase(ctx, principal, editor.dbId);
    const now = nowIso();
    const row = await db
      .insertInto('tab_state')
      .values({
        user_id: principal.user.id,
        label: editor.name ?? editor.title ?? DEFAULT_LABEL,
        active: 0,
        database_id: editor.dbId ?? null,
        catalog: editor.catalog ?? null,
        schema: editor.schema ?? null,
        sql: editor.sql ?? DEFAULT_SQL,
        query_limit: editor.queryLimit ?? null,
        latest_query_id: null,
        autorun: toFlag(editor.autorun ?? false),
        template_params: editor.templateParams ?? null,
        hide_left_bar: toFlag(editor.hideLeftBar ?? false),
        saved_query_id: editor.remoteId ?? null,
        extra_json: '{}',
        created_on: now,
        changed_on: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await activateTab(db, principal.user.id, row.id);
    return { id: row.id };
  });

  app.get('/tabstateview/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'TabStateView');
    return toTabStateDict(db, await ownTab(ctx, principal, idOf(request)));
  });

  app.put('/tabstateview/:id', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    const tab = await ownTab(ctx, principal, idOf(request));
    const update = parseFields(tabUpdateSchema, bodyFields(request));
    if (update.database_id != null) await accessibleDatabase(ctx, principal, update.database_id);
    await updateTab(db, tab.id, toPatch(update));
    return json(reply, tab.id);
  });

  app.delete('/tabstateview/:id', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    const tab = await ownTab(ctx, principal, idOf(request));
    // table_schema rows go with it (ON DELETE CASCADE).
    await db.deleteFrom('tab_state').where('id', '=', tab.id).execute();
    return json(reply, 'OK');
  });

  app.post('/tabstateview/:id/activate', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    const tab = await ownTab(ctx, principal, idOf(request));
    await activateTab(db, principal.user.id, tab.id);
    return json(reply, tab.id);
  });

  app.post('/tabstateview/:id/migrate_query', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    const tab = await ownTab(ctx, principal, idOf(request));
    const { queryId } = parseFields(z.object({ queryId: z.string().min(1).max(11) }), bodyFields(request));
    const query = await findQueryByClientId(db, principal.user.id, queryId);
    if (!query) throw viewError(404, 'Query not found.');
    await updateQuery(db, query.id, { sql_editor_id: String(tab.id) });
    return json(reply, tab.id);
  });

  app.delete('/tabstateview/:id/query/:clientId', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    const tab = await ownTab(ctx, principal, idOf(request));
    const clientId = (request.params as { clientId?: unknown }).clientId;
    if (typeof clientId !== 'string' || clientId.length > 11) throw viewError(404, 'Query not found.');
    const query = await findQueryByClientId(db, principal.user.id, clientId);
    if (query?.sql_editor_id !== String(tab.id)) throw viewError(404, 'Query not found.');
    await db.deleteFrom('queries').where('id', '=', query.id).execute();
    if (tab.latest_query_id === clientId) {
      // The tab falls back to the query run before the removed one.
      const previous = await db
        .selectFrom('queries')
        .select('client_id')
        .where('user_id', '=', principal.user.id)
        .where('sql_editor_id', '=', String(tab.id))
        .orderBy('id', 'desc')
        .executeTakeFirst();
      await updateTab(db, tab.id, { latest_query_id: previous?.client_id ?? null });
    }
    return json(reply, 'OK');
  });

  app.post('/tableschemaview/', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    const fields = bodyFields(request);
    const rawTable = fields.table;
    const table = parseFields(tableInputSchema, rawTable);
    const tab = await ownTab(ctx, principal, table.queryEditorId);
    await accessibleDatabase(ctx, principal, table.dbId);
    const description = JSON.stringify(rawTable);
    if (description.length > 1_000_000) throw viewError(400, 'The table description is too large.');
    const now = nowIso();
    const id = await db.transaction().execute(async (trx) => {
      // Posting the same table again replaces it.
      let same = trx
        .deleteFrom('table_schema')
        .where('tab_state_id', '=', tab.id)
        .where('database_id', '=', table.dbId)
        .where('table', '=', table.name);
      same =
        table.schema == null ? same.where('schema', 'is', null) : same.where('schema', '=', table.schema);
      same =
        table.catalog == null ? same.where('catalog', 'is', null) : same.where('catalog', '=', table.catalog);
      await same.execute();
      const row = await trx
        .insertInto('table_schema')
        .values({
          tab_state_id: tab.id,
          database_id: table.dbId,
          catalog: table.catalog ?? null,
          schema: table.schema ?? null,
          table: table.name,
          description,
          expanded: toFlag(table.expanded ?? true),
          created_on: now,
          changed_on: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    return { id };
  });

  const ownTable = async (request: FastifyRequest) => {
    const principal = requirePermission(request.principal, 'can_write', 'TabStateView');
    const table = await findTableSchema(db, idOf(request));
    if (!table) throw viewError(404, 'Table schema not found.');
    await ownTab(ctx, principal, table.tab_state_id);
    return table;
  };

  app.delete('/tableschemaview/:id', async (request, reply) => {
    const table = await ownTable(request);
    await db.deleteFrom('table_schema').where('id', '=', table.id).execute();
    return json(reply, 'OK');
  });

  app.post('/tableschemaview/:id/expanded', async (request) => {
    const table = await ownTable(request);
    const { expanded } = parseFields(z.object({ expanded: z.boolean() }), bodyFields(request));
    await db
      .updateTable('table_schema')
      .set({ expanded: toFlag(expanded), changed_on: nowIso() })
      .where('id', '=', table.id)
      .execute();
    return { id: table.id, expanded };
  });

  app.get('/tableschemaview/:id', async (request) => toTableSchemaDict(await ownTable(request)));
}
