import type { TabState, TableSchemaDict } from '@tessera/contracts';
import { z } from 'zod';
import { createQueryEditor, createTable, EDITOR_STATE_VERSION, type QueryEditor, type Table } from '../state';
import type { TabStateFields } from './tab-state-api';

// Client tab ↔ server tab state (spec 000 §3 "Query editor", reference §2.6). Ids are numbers on the
// server and text on the client.

const extraJsonSchema = z.object({ updatedAt: z.number().optional() });

/** `updatedAt` kept in a tab's extra_json; 0 when the server never heard of one. */
export function extraUpdatedAt(extraJson: string | null): number {
  if (extraJson === null || extraJson.trim() === '') return 0;
  try {
    const parsed = extraJsonSchema.safeParse(JSON.parse(extraJson));
    return parsed.success ? (parsed.data.updatedAt ?? 0) : 0;
  } catch {
    return 0;
  }
}

/** A server tab as a client tab (loaded, not in local storage). */
export function tabStateToEditor(tab: TabState): QueryEditor {
  const id = String(tab.id);
  const updatedAt = extraUpdatedAt(tab.extra_json);
  return createQueryEditor(
    {
      id,
      tabViewId: id,
      name: tab.label,
      dbId: tab.database_id,
      catalog: tab.catalog,
      schema: tab.schema,
      sql: tab.sql,
      ...(tab.query_limit === null ? {} : { queryLimit: tab.query_limit }),
      autorun: tab.autorun,
      templateParams: tab.template_params,
      hideLeftBar: tab.hide_left_bar,
      remoteId: tab.saved_query?.id ?? null,
      latestQueryId: tab.latest_query?.id ?? null,
      inLocalStorage: false,
      loaded: true,
      updatedAt,
    },
    updatedAt,
  );
}

/** A server tab known by id and label only; its state is fetched when it is shown. */
export function unloadedEditor(id: string, label: string): QueryEditor {
  return createQueryEditor(
    { id, tabViewId: id, name: label, sql: '', inLocalStorage: false, loaded: false, updatedAt: 0 },
    0,
  );
}

const storedPreviewSchema = z.object({ dataPreviewQueryId: z.string().min(1).nullish().catch(null) });

/**
 * A server table panel; its metadata is fetched again when the panel shows. Its data preview's
 * query id comes from the posted description (as Superset's table_schema keeps it).
 */
export function tableSchemaToTable(dict: TableSchemaDict): Table {
  const stored = storedPreviewSchema.safeParse(dict.description);
  return createTable({
    dataPreviewQueryId: stored.success ? (stored.data.dataPreviewQueryId ?? null) : null,
    id: String(dict.id),
    dbId: dict.database_id,
    queryEditorId: String(dict.tab_state_id),
    catalog: dict.catalog,
    schema: dict.schema,
    name: dict.table,
    expanded: dict.expanded,
    inLocalStorage: false,
  });
}

/** The `queryEditor` field of POST /tabstateview/. */
export function editorCreatePayload(editor: QueryEditor): Record<string, unknown> {
  return {
    name: editor.name,
    dbId: editor.dbId,
    catalog: editor.catalog,
    schema: editor.schema,
    sql: editor.sql,
    queryLimit: editor.queryLimit,
    hideLeftBar: editor.hideLeftBar,
    remoteId: editor.remoteId,
    templateParams: editor.templateParams,
    autorun: editor.autorun,
  };
}

/** Every field of PUT /tabstateview/{id} for a tab; extra_json holds updatedAt and version. */
export function editorUpdateFields(editor: QueryEditor): TabStateFields {
  return {
    database_id: editor.dbId,
    catalog: editor.catalog,
    schema: editor.schema,
    sql: editor.sql,
    label: editor.name,
    query_limit: editor.queryLimit,
    latest_query_id: editor.latestQueryId,
    saved_query_id: editor.remoteId,
    template_params: editor.templateParams,
    hide_left_bar: editor.hideLeftBar,
    autorun: editor.autorun,
    extra_json: JSON.stringify({ updatedAt: editor.updatedAt, version: EDITOR_STATE_VERSION }),
  };
}

/** The `table` field of POST /tableschemaview/: the panel, under its server tab id. */
export function tableCreatePayload(table: Table, tabId: string): Record<string, unknown> {
  return {
    queryEditorId: tabId,
    dbId: table.dbId,
    catalog: table.catalog,
    schema: table.schema,
    name: table.name,
    expanded: table.expanded,
    dataPreviewQueryId: table.dataPreviewQueryId,
    columns: table.columns,
    selectStar: table.selectStar,
    primaryKey: table.primaryKey,
    foreignKeys: table.foreignKeys,
    indexes: table.indexes,
  };
}
