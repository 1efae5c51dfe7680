import type { Insertable, Selectable, Updateable } from 'kysely';
import type { MetadataDb } from '../../db/kysely';
import { nowIso, toFlag } from '../../db/kysely';
import type { TabStateTable, TableSchemaTable } from '../../db/schema';

export type TabStateRow = Selectable<TabStateTable>;
export type TableSchemaRow = Selectable<TableSchemaTable>;
export type TabStatePatch = Omit<Updateable<TabStateTable>, 'id' | 'user_id' | 'created_on'>;

export const findTab = (db: MetadataDb, id: number): Promise<TabStateRow | undefined> =>
  db.selectFrom('tab_state').selectAll().where('id', '=', id).executeTakeFirst();

export const tabsOfUser = (
  db: MetadataDb,
  userId: number,
): Promise<Pick<TabStateRow, 'id' | 'label' | 'active'>[]> =>
  db
    .selectFrom('tab_state')
    .select(['id', 'label', 'active'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export const tablesOfTab = (db: MetadataDb, tabId: number): Promise<TableSchemaRow[]> =>
  db.selectFrom('table_schema').selectAll().where('tab_state_id', '=', tabId).orderBy('id').execute();

export const findTableSchema = (db: MetadataDb, id: number): Promise<TableSchemaRow | undefined> =>
  db.selectFrom('table_schema').selectAll().where('id', '=', id).executeTakeFirst();

export async function updateTab(db: MetadataDb, id: number, patch: TabStatePatch): Promise<void> {
  await db
    .updateTable('tab_state')
    .set({ ...patch, changed_on: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** Makes one tab the user's active one; every other tab of theirs becomes inactive. */
export async function activateTab(db: MetadataDb, userId: number, tabId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('tab_state').set({ active: 0 }).where('user_id', '=', userId).execute();
    await trx.updateTable('tab_state').set({ active: 1 }).where('id', '=', tabId).execute();
  });
}

export async function insertTab(
  db: MetadataDb,
  values: Omit<Insertable<TabStateTable>, 'id' | 'created_on' | 'changed_on'>,
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('tab_state')
    .values({ ...values, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** table_schema rows go with the tab (ON DELETE CASCADE). */
export async function deleteTab(db: MetadataDb, id: number): Promise<void> {
  await db.deleteFrom('tab_state').where('id', '=', id).execute();
}

export interface TablePanel {
  tabId: number;
  databaseId: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  description: string;
  expanded: boolean;
}

/** Adds a table panel to a tab; the same table posted again replaces the old panel. */
export async function replaceTableSchema(db: MetadataDb, panel: TablePanel): Promise<number> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    let same = trx
      .deleteFrom('table_schema')
      .where('tab_state_id', '=', panel.tabId)
      .where('database_id', '=', panel.databaseId)
      .where('table', '=', panel.table);
    same = panel.schema === null ? same.where('schema', 'is', null) : same.where('schema', '=', panel.schema);
    same =
      panel.catalog === null ? same.where('catalog', 'is', null) : same.where('catalog', '=', panel.catalog);
    await same.execute();
    const row = await trx
      .insertInto('table_schema')
      .values({
        tab_state_id: panel.tabId,
        database_id: panel.databaseId,
        catalog: panel.catalog,
        schema: panel.schema,
        table: panel.table,
        description: panel.description,
        expanded: toFlag(panel.expanded),
        created_on: now,
        changed_on: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function deleteTableSchema(db: MetadataDb, id: number): Promise<void> {
  await db.deleteFrom('table_schema').where('id', '=', id).execute();
}

export async function setTableSchemaExpanded(db: MetadataDb, id: number, expanded: boolean): Promise<void> {
  await db
    .updateTable('table_schema')
    .set({ expanded: toFlag(expanded), changed_on: nowIso() })
    .where('id', '=', id)
    .execute();
}
