import type { Kysely } from 'kysely';
import type { Migration } from './helpers';

/**
 * Embedded dashboards (issue #15 item 4): the uuid a host page embeds by, and the origins allowed to
 * frame it (JSON array text; empty: any origin, as in Superset). One per dashboard; deleting the
 * dashboard deletes its embedding.
 */
export const embeddedDashboardsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('embedded_dashboards')
      .addColumn('uuid', 'varchar(36)', (col) => col.primaryKey())
      .addColumn('dashboard_id', 'integer', (col) =>
        col.notNull().unique().references('dashboards.id').onDelete('cascade'),
      )
      .addColumn('allowed_domains', 'text', (col) => col.notNull())
      .addColumn('changed_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('changed_on', 'text', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('embedded_dashboards').execute();
  },
};
