import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../kysely';
import { flag, withId, type Migration } from './helpers';

/** SQL Lab tabs and their table panels kept on the server (backend persistence, reference §2.6). */
export const tabStateMigration: Migration = {
  async up(db: Kysely<unknown>, dialect: MetadataDialect) {
    await withId(db.schema.createTable('tab_state'), dialect)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('label', 'varchar(256)', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => flag(col, 0))
      .addColumn('database_id', 'integer', (col) => col.references('databases.id').onDelete('set null'))
      .addColumn('catalog', 'varchar(256)')
      .addColumn('schema', 'varchar(256)')
      .addColumn('sql', 'text', (col) => col.notNull())
      .addColumn('query_limit', 'integer')
      .addColumn('latest_query_id', 'varchar(11)')
      .addColumn('autorun', 'integer', (col) => flag(col, 0))
      .addColumn('template_params', 'text')
      .addColumn('hide_left_bar', 'integer', (col) => flag(col, 0))
      .addColumn('saved_query_id', 'integer')
      .addColumn('extra_json', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('created_on', 'text', (col) => col.notNull())
      .addColumn('changed_on', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('tab_state_user_idx').on('tab_state').column('user_id').execute();
    await withId(db.schema.createTable('table_schema'), dialect)
      .addColumn('tab_state_id', 'integer', (col) =>
        col.notNull().references('tab_state.id').onDelete('cascade'),
      )
      .addColumn('database_id', 'integer', (col) =>
        col.notNull().references('databases.id').onDelete('cascade'),
      )
      .addColumn('catalog', 'varchar(256)')
      .addColumn('schema', 'varchar(256)')
      .addColumn('table', 'varchar(256)', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('expanded', 'integer', (col) => flag(col, 1))
      .addColumn('created_on', 'text', (col) => col.notNull())
      .addColumn('changed_on', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('table_schema_tab_idx').on('table_schema').column('tab_state_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('table_schema').execute();
    await db.schema.dropTable('tab_state').execute();
  },
};
