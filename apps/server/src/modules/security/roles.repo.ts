import { ACCESS_PERMISSIONS } from '@tessera/contracts';
import { sql } from 'kysely';
import type { MetadataDb, MetadataDialect } from '../../db/kysely';
import { BUILT_IN_ROLE_PERMISSIONS, type PermissionPair } from './permissions';

/** Any constant of the installation's own; pg_advisory_xact_lock keys are shared by the whole server. */
const BUILT_IN_ROLES_LOCK = 0x7e55e7a1;

/**
 * Creates the built-in roles and resets their pairs to the catalogue; custom roles are left alone.
 * Every process runs this at start: on PostgreSQL a transaction lock makes processes started together
 * (web, workers, beats on several hosts) take turns, or one would insert the pairs the other just
 * inserted and stop on the unique key. SQLite already runs one writing transaction at a time.
 */
export async function syncBuiltInRoles(db: MetadataDb, dialect: MetadataDialect): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${BUILT_IN_ROLES_LOCK})`.execute(trx);
    for (const [name, pairs] of Object.entries(BUILT_IN_ROLE_PERMISSIONS)) {
      let role = await trx.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst();
      role ??= await trx.insertInto('roles').values({ name }).returning('id').executeTakeFirstOrThrow();
      const roleId = role.id;
      await trx
        .deleteFrom('role_permissions')
        .where('role_id', '=', roleId)
        // Object grants (database, schema, dataset access) given by an admin survive the re-sync.
        .where('permission', 'not in', [...ACCESS_PERMISSIONS])
        .execute();
      if (pairs.length > 0) {
        await trx
          .insertInto('role_permissions')
          .values(pairs.map(([permission, view_menu]) => ({ role_id: roleId, permission, view_menu })))
          .execute();
      }
    }
  });
}

export async function roleIdByName(db: MetadataDb, name: string): Promise<number | undefined> {
  const row = await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst();
  return row?.id;
}

export async function existingRoleIds(db: MetadataDb, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('roles').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

export async function permissionsOfRoles(db: MetadataDb, roleIds: number[]): Promise<PermissionPair[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('role_permissions')
    .select(['permission', 'view_menu'])
    .where('role_id', 'in', roleIds)
    .execute();
  return rows.map((row) => [row.permission, row.view_menu] as const);
}
