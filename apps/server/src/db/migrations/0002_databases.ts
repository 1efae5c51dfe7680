import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../kysely';
import { flag, withId, type Migration } from './helpers';

export const databasesMigration: Migration = {
  async up(db: Kysely<unknown>, dialect: MetadataDialect) {
    await withId(db.schema.createTable('databases'), dialect)
      .addColumn('uuid', 'varchar(36)', (col) => col.notNull().unique())
      .addColumn('database_name', 'varchar(250)', (col) => col.notNull().unique())
      .addColumn('sqlalchemy_uri', 'varchar(1024)', (col) => col.notNull())
      .addColumn('password_encrypted', 'text')
      .addColumn('backend', 'varchar(50)', (col) => col.notNull())
      .addColumn('expose_in_sqllab', 'integer', (col) => flag(col, 1))
      .addColumn('allow_run_async', 'integer', (col) => flag(col, 0))
      .addColumn('allow_dml', 'integer', (col) => flag(col, 0))
      .addColumn('allow_ctas', 'integer', (col) => flag(col, 0))
      .addColumn('allow_cvas', 'integer', (col) => flag(col, 0))
      .addColumn('allow_file_upload', 'integer', (col) => flag(col, 0))
      .addColumn('disable_data_preview', 'integer', (col) => flag(col, 0))
      .addColumn('extra', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('cache_timeout', 'integer')
      .addColumn('force_ctas_schema', 'varchar(250)')
      .addColumn('created_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_on', 'text', (col) => col.notNull())
      .addColumn('changed_on', 'text', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('databases').execute();
  },
};
