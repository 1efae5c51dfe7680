import type { QueryDict, TableSchemaInput, TabStateEditorInput, TabStateUpdate } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { toFlag, type MetadataDb } from '../../db/kysely';
import { accessibleDatabase } from '../databases/databases.service';
import { deleteEditorQuery, moveQueryToEditor, queryDictByClientId } from '../queries/queries.service';
import type { Principal } from '../security/principal';
import {
  activateTab,
  deleteTab,
  deleteTableSchema,
  findTab,
  findTableSchema,
  insertTab,
  replaceTableSchema,
  setTableSchemaExpanded,
  tablesOfTab,
  tabsOfUser,
  updateTab,
  type TabStatePatch,
  type TabStateRow,
  type TableSchemaRow,
} from './tab-state.repo';
import { viewError } from './tab-state-input';

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function toTableSchemaDict(row: TableSchemaRow): Record<string, unknown> {
  return {
    id: row.id,
    tab_state_id: row.tab_state_id,
    database_id: row.database_id,
    catalog: row.catalog,
    schema: row.schema,
    table: row.table,
    description: parseObject(row.description),
    expanded: row.expanded === 1,
  };
}

async function latestQueryDict(db: MetadataDb, tab: TabStateRow): Promise<QueryDict | null> {
  if (tab.latest_query_id === null) return null;
  return queryDictByClientId(db, tab.user_id, tab.latest_query_id);
}

/** TabState.to_dict of the reference (§2.1). */
export async function toTabStateDict(db: MetadataDb, tab: TabStateRow): Promise<Record<string, unknown>> {
  return {
    id: tab.id,
    user_id: tab.user_id,
    label: tab.label,
    active: tab.active === 1,
    database_id: tab.database_id,
    catalog: tab.catalog,
    schema: tab.schema,
    table_schemas: (await tablesOfTab(db, tab.id)).map(toTableSchemaDict),
    sql: tab.sql,
    query_limit: tab.query_limit,
    latest_query: await latestQueryDict(db, tab),
    autorun: tab.autorun === 1,
    template_params: tab.template_params,
    hide_left_bar: tab.hide_left_bar === 1,
    saved_query: tab.saved_query_id === null ? null : { id: tab.saved_query_id },
    extra_json: tab.extra_json,
  };
}

/** The caller's own tab: 404 when it does not exist, 403 when it is someone else's. */
export async function ownTab(ctx: AppContext, principal: Principal, id: number): Promise<TabStateRow> {
  const tab = await findTab(ctx.store.db, id);
  if (!tab) throw viewError(404, 'Tab state not found.');
  if (tab.user_id !== principal.user.id) throw viewError(403, 'This tab belongs to another user.');
  return tab;
}

/** tab_state_ids and active_tab of GET /api/v1/sqllab/ (the active tab, else any tab, else none). */
export async function tabBootstrap(
  ctx: AppContext,
  userId: number,
): Promise<{ tab_state_ids: { id: number; label: string }[]; active_tab: Record<string, unknown> | null }> {
  const db = ctx.store.db;
  const tabs = await tabsOfUser(db, userId);
  const chosen = tabs.find((tab) => tab.active === 1) ?? tabs[0];
  const active = chosen ? await findTab(db, chosen.id) : undefined;
  return {
    tab_state_ids: tabs.map((tab) => ({ id: tab.id, label: tab.label })),
    active_tab: active ? await toTabStateDict(db, active) : null,
  };
}

const DEFAULT_LABEL = 'Untitled Query';
const DEFAULT_SQL = 'SELECT ...';

function toPatch(update: TabStateUpdate): TabStatePatch {
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

/** POST /tabstateview/: a new tab, which becomes the caller's active one. */
export async function createTab(
  ctx: AppContext,
  principal: Principal,
  editor: TabStateEditorInput,
): Promise<number> {
  if (editor.dbId != null) await accessibleDatabase(ctx, principal, editor.dbId);
  const id = await insertTab(ctx.store.db, {
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
  });
  await activateTab(ctx.store.db, principal.user.id, id);
  return id;
}

export async function changeTab(
  ctx: AppContext,
  principal: Principal,
  id: number,
  update: TabStateUpdate,
): Promise<number> {
  const tab = await ownTab(ctx, principal, id);
  if (update.database_id != null) await accessibleDatabase(ctx, principal, update.database_id);
  await updateTab(ctx.store.db, tab.id, toPatch(update));
  return tab.id;
}

export async function removeTab(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const tab = await ownTab(ctx, principal, id);
  await deleteTab(ctx.store.db, tab.id);
}

export async function makeTabActive(ctx: AppContext, principal: Principal, id: number): Promise<number> {
  const tab = await ownTab(ctx, principal, id);
  await activateTab(ctx.store.db, principal.user.id, tab.id);
  return tab.id;
}

/** POST /tabstateview/{id}/migrate_query: a query run before the tab was saved moves into it. */
export async function migrateQueryToTab(
  ctx: AppContext,
  principal: Principal,
  id: number,
  clientId: string,
): Promise<number> {
  const tab = await ownTab(ctx, principal, id);
  if (!(await moveQueryToEditor(ctx, principal.user.id, clientId, String(tab.id))))
    throw viewError(404, 'Query not found.');
  return tab.id;
}

/** DELETE /tabstateview/{id}/query/{clientId}: the tab falls back to the query run before it. */
export async function removeTabQuery(
  ctx: AppContext,
  principal: Principal,
  id: number,
  clientId: string,
): Promise<void> {
  const tab = await ownTab(ctx, principal, id);
  const { deleted, latestClientId } = await deleteEditorQuery(
    ctx,
    principal.user.id,
    String(tab.id),
    clientId,
  );
  if (!deleted) throw viewError(404, 'Query not found.');
  if (tab.latest_query_id === clientId)
    await updateTab(ctx.store.db, tab.id, { latest_query_id: latestClientId });
}

/** POST /tableschemaview/: a table panel of the caller's tab, on a database the caller may use. */
export async function addTablePanel(
  ctx: AppContext,
  principal: Principal,
  table: TableSchemaInput,
  rawTable: unknown,
): Promise<number> {
  const tab = await ownTab(ctx, principal, table.queryEditorId);
  await accessibleDatabase(ctx, principal, table.dbId);
  const description = JSON.stringify(rawTable);
  if (description.length > 1_000_000) throw viewError(400, 'The table description is too large.');
  return replaceTableSchema(ctx.store.db, {
    tabId: tab.id,
    databaseId: table.dbId,
    catalog: table.catalog ?? null,
    schema: table.schema ?? null,
    table: table.name,
    description,
    expanded: table.expanded ?? true,
  });
}

/** A table panel of one of the caller's tabs (404 when missing, 403 when someone else's). */
export async function ownTablePanel(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<TableSchemaRow> {
  const table = await findTableSchema(ctx.store.db, id);
  if (!table) throw viewError(404, 'Table schema not found.');
  await ownTab(ctx, principal, table.tab_state_id);
  return table;
}

export async function removeTablePanel(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const table = await ownTablePanel(ctx, principal, id);
  await deleteTableSchema(ctx.store.db, table.id);
}

export async function expandTablePanel(
  ctx: AppContext,
  principal: Principal,
  id: number,
  expanded: boolean,
): Promise<number> {
  const table = await ownTablePanel(ctx, principal, id);
  await setTableSchemaExpanded(ctx.store.db, table.id, expanded);
  return table.id;
}
