import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Migration } from './helpers';

/**
 * Saved queries get the uuid the other assets have: Superset's bundles match saved queries by uuid on
 * import, so export must write a stable one. Existing rows get a fresh uuid each; the column stays
 * nullable in the table (SQLite cannot add NOT NULL without a default) but every writer sets it.
 */
export const savedQueryUuidMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('saved_queries').addColumn('uuid', 'varchar(36)').execute();
    const rows = await sql<{ id: number }>`SELECT id FROM saved_queries`.execute(db);
    for (const row of rows.rows) {
      await sql`UPDATE saved_queries SET uuid = ${randomUUID()} WHERE id = ${row.id}`.execute(db);
    }
    await db.schema
      .createIndex('saved_queries_uuid_key')
      .on('saved_queries')
      .column('uuid')
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('saved_queries_uuid_key').execute();
    await db.schema.alterTable('saved_queries').dropColumn('uuid').execute();
  },
};
