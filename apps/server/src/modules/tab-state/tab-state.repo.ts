import type { Selectable, Updateable } from 'kysely';
import type { MetadataDb } from '../../db/kysely';
import { nowIso } from '../../db/kysely';
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
