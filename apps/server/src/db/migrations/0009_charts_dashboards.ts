import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../kysely';
import { flag, withId, type Migration } from './helpers';

/**
 * Charts (Superset's slices), dashboards, their owners and links, and favourites (Superset's favstar).
 * `datasource_id` has no foreign key: like Superset it is polymorphic over `datasource_type`.
 */
export const chartsDashboardsMigration: Migration = {
  async up(db: Kysely<unknown>, dialect: MetadataDialect) {
    await withId(db.schema.createTable('slices'), dialect)
      .addColumn('uuid', 'varchar(36)', (col) => col.notNull().unique())
      .addColumn('slice_name', 'varchar(250)', (col) => col.notNull())
      .addColumn('viz_type', 'varchar(250)', (col) => col.notNull())
      .addColumn('datasource_id', 'integer', (col) => col.notNull())
      .addColumn('datasource_type', 'varchar(200)', (col) => col.notNull())
      .addColumn('params', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('query_context', 'text')
      .addColumn('description', 'text')
      .addColumn('cache_timeout', 'integer')
      .addColumn('certified_by', 'text')
      .addColumn('certification_details', 'text')
      .addColumn('is_managed_externally', 'integer', (col) => flag(col, 0))
      .addColumn('external_url', 'text')
      .addColumn('last_saved_at', 'text')
      .addColumn('last_saved_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_on', 'text', (col) => col.notNull())
      .addColumn('changed_on', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('slices_datasource_idx')
      .on('slices')
      .columns(['datasource_type', 'datasource_id'])
      .execute();
    await withId(db.schema.createTable('slice_owners'), dialect)
      .addColumn('slice_id', 'integer', (col) => col.notNull().references('slices.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addUniqueConstraint('slice_owners_pair_uq', ['slice_id', 'user_id'])
      .execute();

    await withId(db.schema.createTable('dashboards'), dialect)
      .addColumn('uuid', 'varchar(36)', (col) => col.notNull().unique())
      .addColumn('dashboard_title', 'varchar(500)', (col) => col.notNull())
      // Unique but optional: both stores allow many NULLs under a unique index.
      .addColumn('slug', 'varchar(255)', (col) => col.unique())
      .addColumn('position_json', 'text')
      .addColumn('json_metadata', 'text')
      .addColumn('css', 'text')
      .addColumn('description', 'text')
      .addColumn('published', 'integer', (col) => flag(col, 0))
      .addColumn('certified_by', 'text')
      .addColumn('certification_details', 'text')
      .addColumn('is_managed_externally', 'integer', (col) => flag(col, 0))
      .addColumn('external_url', 'text')
      .addColumn('created_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_on', 'text', (col) => col.notNull())
      .addColumn('changed_on', 'text', (col) => col.notNull())
      .execute();
    await withId(db.schema.createTable('dashboard_owners'), dialect)
      .addColumn('dashboard_id', 'integer', (col) =>
        col.notNull().references('dashboards.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addUniqueConstraint('dashboard_owners_pair_uq', ['dashboard_id', 'user_id'])
      .execute();
    await withId(db.schema.createTable('dashboard_slices'), dialect)
      .addColumn('dashboard_id', 'integer', (col) =>
        col.notNull().references('dashboards.id').onDelete('cascade'),
      )
      .addColumn('slice_id', 'integer', (col) => col.notNull().references('slices.id').onDelete('cascade'))
      .addUniqueConstraint('dashboard_slices_pair_uq', ['dashboard_id', 'slice_id'])
      .execute();
    await db.schema
      .createIndex('dashboard_slices_slice_idx')
      .on('dashboard_slices')
      .column('slice_id')
      .execute();
    await withId(db.schema.createTable('dashboard_roles'), dialect)
      .addColumn('dashboard_id', 'integer', (col) =>
        col.notNull().references('dashboards.id').onDelete('cascade'),
      )
      .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.id').onDelete('cascade'))
      .addUniqueConstraint('dashboard_roles_pair_uq', ['dashboard_id', 'role_id'])
      .execute();

    // Superset's favstar: class_name is 'slice' or 'Dashboard', obj_id the starred row.
    await withId(db.schema.createTable('favorites'), dialect)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('class_name', 'varchar(50)', (col) => col.notNull())
      .addColumn('obj_id', 'integer', (col) => col.notNull())
      .addColumn('dttm', 'text', (col) => col.notNull())
      .addUniqueConstraint('favorites_user_obj_uq', ['user_id', 'class_name', 'obj_id'])
      .execute();
    await db.schema
      .createIndex('favorites_obj_idx')
      .on('favorites')
      .columns(['class_name', 'obj_id'])
      .execute();

    // Explore's form_data cache lives in key_value too; unlike permalinks its entries expire.
    await db.schema.alterTable('key_value').addColumn('expires_on', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('key_value').dropColumn('expires_on').execute();
    await db.schema.dropTable('favorites').execute();
    await db.schema.dropTable('dashboard_roles').execute();
    await db.schema.dropTable('dashboard_slices').execute();
    await db.schema.dropTable('dashboard_owners').execute();
    await db.schema.dropTable('dashboards').execute();
    await db.schema.dropTable('slice_owners').execute();
    await db.schema.dropTable('slices').execute();
  },
};
