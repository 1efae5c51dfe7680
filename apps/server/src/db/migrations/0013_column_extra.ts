import type { Kysely } from 'kysely';
import type { Migration } from './helpers';

/**
 * Dataset columns get Superset's `extra`: JSON object text holding a column's certification
 * (`{"certification": {"certified_by", "details"}}`) and its warning (`warning_markdown`).
 */
export const columnExtraMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('dataset_columns').addColumn('extra', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('dataset_columns').dropColumn('extra').execute();
  },
};
