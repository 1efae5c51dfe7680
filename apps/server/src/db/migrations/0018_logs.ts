import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../kysely';
import { withId, type Migration } from './helpers';

/**
 * Event and action logging (reference §11): one row per browser event or API call. dashboard_id and
 * slice_id are plain numbers, not foreign keys: a log keeps naming what was opened after it is deleted.
 * The indexes serve the home page's recents (per user, newest first) and the retention prune (by dttm).
 */
export const logsMigration: Migration = {
  async up(db: Kysely<unknown>, dialect: MetadataDialect) {
    await withId(db.schema.createTable('logs'), dialect)
      .addColumn('action', 'varchar(512)', (col) => col.notNull())
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('dashboard_id', 'integer')
      .addColumn('slice_id', 'integer')
      .addColumn('json', 'text')
      .addColumn('dttm', 'text', (col) => col.notNull())
      .addColumn('duration_ms', 'integer')
      .addColumn('referrer', 'varchar(1024)')
      .execute();
    await db.schema.createIndex('logs_user_dttm_idx').on('logs').columns(['user_id', 'dttm']).execute();
    await db.schema.createIndex('logs_dttm_idx').on('logs').column('dttm').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('logs').execute();
  },
};
