import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../kysely';
import { flag, withId, type Migration } from './helpers';

/** SQL Lab query runs (spec 000 §3 Query) plus what async recovery needs (worker and heartbeat). */
export const queriesMigration: Migration = {
  async up(db: Kysely<unknown>, dialect: MetadataDialect) {
    await withId(db.schema.createTable('queries'), dialect)
      .addColumn('client_id', 'varchar(11)', (col) => col.notNull())
      .addColumn('database_id', 'integer', (col) =>
        col.notNull().references('databases.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'varchar(16)', (col) => col.notNull())
      .addColumn('sql', 'text', (col) => col.notNull())
      .addColumn('rendered_sql', 'text')
      .addColumn('executed_sql', 'text')
      .addColumn('sql_editor_id', 'varchar(100)')
      .addColumn('tab_name', 'varchar(250)')
      .addColumn('catalog', 'varchar(250)')
      .addColumn('schema', 'varchar(250)')
      .addColumn('limit', 'integer')
      .addColumn('limiting_factor', 'varchar(32)')
      .addColumn('select_as_cta', 'integer', (col) => flag(col, 0))
      .addColumn('ctas_method', 'varchar(16)')
      .addColumn('tmp_table_name', 'varchar(250)')
      .addColumn('tmp_schema_name', 'varchar(250)')
      .addColumn('run_async', 'integer', (col) => flag(col, 0))
      .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('rows', 'integer')
      .addColumn('error_message', 'text')
      .addColumn('errors', 'text')
      .addColumn('results_key', 'varchar(64)')
      .addColumn('start_time', 'double precision')
      .addColumn('start_running_time', 'double precision')
      .addColumn('end_time', 'double precision')
      .addColumn('tracking_url', 'text')
      .addColumn('extra', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('worker_id', 'varchar(100)')
      .addColumn('heartbeat_at', 'double precision')
      .addColumn('created_on', 'text', (col) => col.notNull())
      .addColumn('changed_on', 'text', (col) => col.notNull())
      .addUniqueConstraint('queries_user_client_id_key', ['user_id', 'client_id'])
      .execute();
    await db.schema.createIndex('queries_changed_on_idx').on('queries').column('changed_on').execute();
    await db.schema.createIndex('queries_status_idx').on('queries').column('status').execute();
    await db.schema.createIndex('queries_results_key_idx').on('queries').column('results_key').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('queries').execute();
  },
};
