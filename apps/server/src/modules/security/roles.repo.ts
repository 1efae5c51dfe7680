import { ACCESS_PERMISSIONS } from '@tessera/contracts';
import type { MetadataDb } from '../../db/kysely';
import { BUILT_IN_ROLE_PERMISSIONS, type PermissionPair } from './permissions';

/** Creates the built-in roles and resets their pairs to the catalogue; custom roles are left alone. */
export async function syncBuiltInRoles(db: MetadataDb): Promise<void> {
  await db.transaction().execute(async (trx) => {
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
