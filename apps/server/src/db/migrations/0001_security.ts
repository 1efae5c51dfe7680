import type { Kysely } from 'kysely';
import type { MetadataDialect } from '../kysely';
import { flag, withId, type Migration } from './helpers';

export const securityMigration: Migration = {
  async up(db: Kysely<unknown>, dialect: MetadataDialect) {
    await withId(db.schema.createTable('users'), dialect)
      .addColumn('username', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('first_name', 'varchar(64)', (col) => col.notNull())
      .addColumn('last_name', 'varchar(64)', (col) => col.notNull())
      .addColumn('email', 'varchar(320)', (col) => col.notNull().unique())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => flag(col, 1))
      .addColumn('created_on', 'text', (col) => col.notNull())
      .addColumn('changed_on', 'text', (col) => col.notNull())
      .addColumn('last_login', 'text')
      .addColumn('login_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('fail_login_count', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await withId(db.schema.createTable('roles'), dialect)
      .addColumn('name', 'varchar(64)', (col) => col.notNull().unique())
      .execute();
    await withId(db.schema.createTable('role_permissions'), dialect)
      .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('permission', 'varchar(100)', (col) => col.notNull())
      .addColumn('view_menu', 'varchar(255)', (col) => col.notNull())
      .addUniqueConstraint('role_permissions_unique', ['role_id', 'permission', 'view_menu'])
      .execute();
    await db.schema
      .createTable('user_roles')
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
      .execute();
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_on', 'text', (col) => col.notNull())
      .addColumn('expires_on', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['sessions', 'user_roles', 'role_permissions', 'roles', 'users']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
