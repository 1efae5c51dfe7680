import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../kysely';
import { withId, type Migration } from './helpers';

/**
 * The (permission, view) pairs that exist, with stable ids for the roles API. Roles keep naming their
 * pairs in role_permissions; this table is the catalogue they are picked from.
 */
export const permissionViewsMigration: Migration = {
  async up(db: Kysely<unknown>, dialect: MetadataDialect) {
    await withId(db.schema.createTable('permission_views'), dialect)
      .addColumn('permission', 'varchar(100)', (col) => col.notNull())
      .addColumn('view_menu', 'varchar(255)', (col) => col.notNull())
      .addUniqueConstraint('permission_views_unique', ['permission', 'view_menu'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('permission_views').execute();
  },
};
