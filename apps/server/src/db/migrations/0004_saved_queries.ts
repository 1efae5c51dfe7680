import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../kysely';
import { withId, type Migration } from './helpers';

/** Saved queries (reference §2.5): owned by one user, pointing at one database. */
export const savedQueriesMigration: Migration = {
  async up(db: Kysely<unknown>, dialect: MetadataDialect) {
    await withId(db.schema.createTable('saved_queries'), dialect)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('db_id', 'integer', (col) => col.notNull().references('databases.id').onDelete('cascade'))
      .addColumn('label', 'varchar(256)', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('catalog', 'varchar(250)')
      .addColumn('schema', 'varchar(250)')
      .addColumn('sql', 'text', (col) => col.notNull())
      .addColumn('template_parameters', 'text')
      .addColumn('extra_json', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('created_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_on', 'text', (col) => col.notNull())
      .addColumn('changed_on', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('saved_queries_user_id_idx').on('saved_queries').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('saved_queries').execute();
  },
};
