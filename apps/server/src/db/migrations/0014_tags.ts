import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../kysely';
import { withId, type Migration } from './helpers';

/**
 * Superset's tagging system: `tag` rows (custom ones that users name, and the owner/type/favorited_by
 * kinds Superset derives) and `tagged_object`, which links a tag to a chart, dashboard, saved query
 * or query. `object_id` has no foreign key: like Superset it is polymorphic over `object_type`, so
 * deleting an object deletes its links in the service that deletes it.
 */
export const tagsMigration: Migration = {
  async up(db: Kysely<unknown>, dialect: MetadataDialect) {
    await withId(db.schema.createTable('tag'), dialect)
      .addColumn('name', 'varchar(250)', (col) => col.notNull().unique())
      .addColumn('type', 'varchar(50)', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('created_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_on', 'text', (col) => col.notNull())
      .addColumn('changed_on', 'text', (col) => col.notNull())
      .execute();
    await withId(db.schema.createTable('tagged_object'), dialect)
      .addColumn('tag_id', 'integer', (col) => col.notNull().references('tag.id').onDelete('cascade'))
      .addColumn('object_id', 'integer', (col) => col.notNull())
      .addColumn('object_type', 'varchar(50)', (col) => col.notNull())
      .addColumn('created_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_on', 'text', (col) => col.notNull())
      .addUniqueConstraint('tagged_object_uq', ['tag_id', 'object_type', 'object_id'])
      .execute();
    await db.schema
      .createIndex('tagged_object_object_idx')
      .on('tagged_object')
      .columns(['object_type', 'object_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('tagged_object').execute();
    await db.schema.dropTable('tag').execute();
  },
};
