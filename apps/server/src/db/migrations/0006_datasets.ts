import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../kysely';
import { flag, withId, type Migration } from './helpers';

/** Datasets (physical tables or virtual ones defined by SQL) and their columns. */
export const datasetsMigration: Migration = {
  async up(db: Kysely<unknown>, dialect: MetadataDialect) {
    await withId(db.schema.createTable('datasets'), dialect)
      .addColumn('uuid', 'varchar(36)', (col) => col.notNull().unique())
      .addColumn('table_name', 'varchar(250)', (col) => col.notNull())
      .addColumn('database_id', 'integer', (col) =>
        col.notNull().references('databases.id').onDelete('cascade'),
      )
      .addColumn('catalog', 'varchar(250)')
      .addColumn('schema', 'varchar(250)')
      // Null for a physical table; the SELECT for a virtual dataset.
      .addColumn('sql', 'text')
      .addColumn('template_params', 'text')
      .addColumn('is_sqllab_view', 'integer', (col) => flag(col, 0))
      .addColumn('external_url', 'text')
      .addColumn('is_managed_externally', 'integer', (col) => flag(col, 0))
      .addColumn('created_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_on', 'text', (col) => col.notNull())
      .addColumn('changed_on', 'text', (col) => col.notNull())
      .execute();
    // Uniqueness of (database, catalog, schema, name) is checked in code: NULL schemas compare unequal in SQL.
    await db.schema
      .createIndex('datasets_database_name_idx')
      .on('datasets')
      .columns(['database_id', 'table_name'])
      .execute();
    await withId(db.schema.createTable('dataset_columns'), dialect)
      .addColumn('dataset_id', 'integer', (col) =>
        col.notNull().references('datasets.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('column_name', 'varchar(255)', (col) => col.notNull())
      .addColumn('type', 'varchar(255)')
      .addColumn('type_generic', 'integer')
      .addColumn('is_dttm', 'integer', (col) => flag(col, 0))
      .execute();
    await db.schema
      .createIndex('dataset_columns_dataset_idx')
      .on('dataset_columns')
      .column('dataset_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('dataset_columns').execute();
    await db.schema.dropTable('datasets').execute();
  },
};
