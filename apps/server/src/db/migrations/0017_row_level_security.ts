import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../kysely';
import { withId, type Migration } from './helpers';

/**
 * Row level security rules (issue #15 item 5): `rls_filters` holds the clause, with the datasets it
 * applies to in `rls_filter_tables` and the roles it names in `rls_filter_roles`. Deleting a dataset or
 * a role drops its links; a rule left with no dataset applies nowhere.
 */
export const rowLevelSecurityMigration: Migration = {
  async up(db: Kysely<unknown>, dialect: MetadataDialect) {
    await withId(db.schema.createTable('rls_filters'), dialect)
      .addColumn('name', 'varchar(255)', (col) => col.notNull().unique())
      .addColumn('description', 'text')
      .addColumn('filter_type', 'varchar(255)', (col) => col.notNull())
      .addColumn('group_key', 'varchar(255)')
      .addColumn('clause', 'text', (col) => col.notNull())
      .addColumn('created_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_on', 'text', (col) => col.notNull())
      .addColumn('changed_on', 'text', (col) => col.notNull())
      .execute();
    await withId(db.schema.createTable('rls_filter_tables'), dialect)
      .addColumn('rls_filter_id', 'integer', (col) =>
        col.notNull().references('rls_filters.id').onDelete('cascade'),
      )
      .addColumn('table_id', 'integer', (col) => col.notNull().references('datasets.id').onDelete('cascade'))
      .addUniqueConstraint('rls_filter_tables_uq', ['rls_filter_id', 'table_id'])
      .execute();
    await db.schema
      .createIndex('rls_filter_tables_table_idx')
      .on('rls_filter_tables')
      .column('table_id')
      .execute();
    await withId(db.schema.createTable('rls_filter_roles'), dialect)
      .addColumn('rls_filter_id', 'integer', (col) =>
        col.notNull().references('rls_filters.id').onDelete('cascade'),
      )
      .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.id').onDelete('cascade'))
      .addUniqueConstraint('rls_filter_roles_uq', ['rls_filter_id', 'role_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rls_filter_roles').execute();
    await db.schema.dropTable('rls_filter_tables').execute();
    await db.schema.dropTable('rls_filters').execute();
  },
};
