import type { QueryDict } from '@tessera/contracts';
import type { AppContext } from '../../context';
import type { MetadataDb } from '../../db/kysely';
import { findQueryByClientId, findQueryView } from '../queries/queries.repo';
import { toQueryDict } from '../queries/query-dict';
import type { Principal } from '../security/principal';
import { findTab, tablesOfTab, tabsOfUser, type TabStateRow, type TableSchemaRow } from './tab-state.repo';
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
  const query = await findQueryByClientId(db, tab.user_id, tab.latest_query_id);
  const view = query ? await findQueryView(db, query.id) : undefined;
  return view ? toQueryDict(view) : null;
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
