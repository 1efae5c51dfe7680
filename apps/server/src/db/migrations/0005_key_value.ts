import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../kysely';
import { withId, type Migration } from './helpers';

/** Shared state behind permalinks and /kv/ links; the random key is what a link carries, never the id. */
export const keyValueMigration: Migration = {
  async up(db: Kysely<unknown>, dialect: MetadataDialect) {
    await withId(db.schema.createTable('key_value'), dialect)
      .addColumn('key', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('resource', 'varchar(32)', (col) => col.notNull())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('created_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_on', 'text', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('key_value').execute();
  },
};
