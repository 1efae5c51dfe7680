import type { Kysely } from 'kysely';
import type { Migration } from './helpers';

/**
 * Sessions also back bearer logins: each API login is a `token` session its JWTs name, so logout,
 * password change and deactivation end the tokens the way they end browser sessions.
 */
export const tokenSessionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sessions')
      .addColumn('kind', 'varchar(16)', (col) => col.notNull().defaultTo('cookie'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').dropColumn('kind').execute();
  },
};
