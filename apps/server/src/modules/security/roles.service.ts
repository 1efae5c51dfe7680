import {
  BUILT_IN_ROLES,
  type AccessGrant,
  type ListQuery,
  type PermissionItem,
  type PermissionResource,
  type RoleItem,
  type RolePermission,
} from '@tessera/contracts';
import { sql } from 'kysely';
import type { MetadataDb } from '../../db/kysely';
import { containsText } from '../../db/like';
import { refuseFilter } from '../../db/list-filter-values';
import { pageOfList } from '../../db/paging';
import { messageError, notFound } from '../../platform/errors';
import { ensurePermissionView } from './access-pairs';
import { databaseAccessView, datasourceAccessView, schemaAccessView } from './grants';
import type { PermissionPair } from './permissions';
import type { PrincipalCache } from './principal-cache';

const isBuiltIn = (name: string): boolean => (BUILT_IN_ROLES as readonly string[]).includes(name);

/** GET /api/v1/security/roles/: `name` ct/sw/eq filters, ordered by name by default. */
export async function listRolePage(
  db: MetadataDb,
  query: ListQuery,
): Promise<{ count: number; rows: RoleItem[] }> {
  let base = db.selectFrom('roles').select(['roles.id', 'roles.name']);
  for (const { col, opr, value } of query.filters) {
    if (col !== 'name' || typeof value !== 'string') refuseFilter(col, opr);
    else if (opr === 'ct') base = base.where(containsText('roles.name', value));
    else if (opr === 'eq') base = base.where('roles.name', '=', value);
    else refuseFilter(col, opr);
  }
  return pageOfList(
    base,
    { ...query, order_column: query.order_column ?? 'name' },
    { id: 'roles.id', name: 'roles.name' },
    { defaultOrder: 'name', idColumn: 'roles.id' },
  );
}

export async function findRole(db: MetadataDb, id: number): Promise<RoleItem> {
  const row = await db.selectFrom('roles').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Names are unique regardless of letter case: "ADMIN" would otherwise hold every permission. */
async function assertNameFree(db: MetadataDb, name: string, exceptId?: number): Promise<void> {
  let query = db
    .selectFrom('roles')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) {
    throw messageError(422, { name: ['A role with this name already exists.'] });
  }
}

export async function createRole(db: MetadataDb, name: string): Promise<RoleItem> {
  await assertNameFree(db, name);
  try {
    const row = await db
      .insertInto('roles')
      .values({ name })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    return row;
  } catch (error) {
    // Another request created the same name between the check and the insert.
    await assertNameFree(db, name);
    throw error;
  }
}

export async function renameRole(
  db: MetadataDb,
  principals: PrincipalCache,
  id: number,
  name: string,
): Promise<RoleItem> {
  const role = await findRole(db, id);
  if (isBuiltIn(role.name) && role.name !== name) {
    throw messageError(422, { name: [`The built-in role ${role.name} cannot be renamed.`] });
  }
  await assertNameFree(db, name, id);
  await db.updateTable('roles').set({ name }).where('id', '=', id).execute();
  principals.invalidate();
  return { id, name };
}

/** Like Superset (FAB), deleting a role also takes it away from the users and dashboards that had it. */
export async function deleteRole(db: MetadataDb, principals: PrincipalCache, id: number): Promise<void> {
  const role = await findRole(db, id);
  if (isBuiltIn(role.name)) {
    throw messageError(422, `The built-in role ${role.name} cannot be deleted.`);
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_roles').where('role_id', '=', id).execute();
    await trx.deleteFrom('dashboard_roles').where('role_id', '=', id).execute();
    await trx.deleteFrom('role_permissions').where('role_id', '=', id).execute();
    await trx.deleteFrom('roles').where('id', '=', id).execute();
  });
  principals.invalidate();
}

/** GET /api/v1/security/permissions/: each permission name once, with the id of its first pair. */
export async function listPermissions(
  db: MetadataDb,
  query: ListQuery,
): Promise<{ count: number; rows: PermissionItem[] }> {
  const rows = await db
    .selectFrom('permission_views')
    .select([(eb) => eb.fn.min<number | string>('id').as('id'), 'permission as name'])
    .groupBy('permission')
    .orderBy('permission')
    .execute();
  const all = rows.map((row) => ({ id: Number(row.id), name: row.name }));
  const start = query.page * query.page_size;
  return { count: all.length, rows: all.slice(start, start + query.page_size) };
}

/** GET /api/v1/security/permissions-resources/: filters `permission`/`view_menu` (ct, eq) and `search`. */
export async function listPermissionResources(
  db: MetadataDb,
  query: ListQuery,
): Promise<{ count: number; rows: PermissionResource[] }> {
  let base = db.selectFrom('permission_views as pv').select(['pv.id', 'pv.permission', 'pv.view_menu']);
  for (const { col, opr, value } of query.filters) {
    if (typeof value !== 'string') refuseFilter(col, opr);
    else if (col === 'search' && opr === 'ct') {
      const permission = containsText('pv.permission', value);
      const view = containsText('pv.view_menu', value);
      base = base.where(sql<boolean>`(${permission} or ${view})`);
    } else if ((col === 'permission' || col === 'view_menu') && opr === 'ct') {
      base = base.where(containsText(`pv.${col}`, value));
    } else if ((col === 'permission' || col === 'view_menu') && opr === 'eq') {
      base = base.where(`pv.${col}`, '=', value);
    } else refuseFilter(col, opr);
  }
  const { count, rows } = await pageOfList(
    base,
    { ...query, order_column: query.order_column ?? 'view_menu' },
    { id: 'pv.id', permission: 'pv.permission', view_menu: 'pv.view_menu' },
    { defaultOrder: 'view_menu', idColumn: 'pv.id' },
  );
  return {
    count,
    rows: rows.map((row) => ({
      id: row.id,
      permission: { name: row.permission },
      view_menu: { name: row.view_menu },
    })),
  };
}

export async function rolePermissions(db: MetadataDb, roleId: number): Promise<RolePermission[]> {
  await findRole(db, roleId);
  const rows = await db
    .selectFrom('role_permissions as rp')
    .innerJoin('permission_views as pv', (join) =>
      join.onRef('pv.permission', '=', 'rp.permission').onRef('pv.view_menu', '=', 'rp.view_menu'),
    )
    .select(['pv.id', 'pv.permission', 'pv.view_menu'])
    .where('rp.role_id', '=', roleId)
    .orderBy('pv.view_menu')
    .orderBy('pv.permission')
    .execute();
  return rows.map((row) => ({ id: row.id, permission_name: row.permission, view_menu_name: row.view_menu }));
}

/** Replaces the role's pairs with the listed ones; an unknown id refuses the whole request. */
export async function setRolePermissions(
  db: MetadataDb,
  principals: PrincipalCache,
  roleId: number,
  ids: number[],
): Promise<number[]> {
  await findRole(db, roleId);
  const unique = [...new Set(ids)];
  const pairs =
    unique.length === 0
      ? []
      : await db
          .selectFrom('permission_views')
          .select(['id', 'permission', 'view_menu'])
          .where('id', 'in', unique)
          .execute();
  const found = new Set(pairs.map((pair) => pair.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw messageError(422, {
      permission_view_menu_ids: [`Unknown permission id(s): ${missing.join(', ')}.`],
    });
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
    for (let start = 0; start < pairs.length; start += 300) {
      await trx
        .insertInto('role_permissions')
        .values(
          pairs
            .slice(start, start + 300)
            .map((pair) => ({ role_id: roleId, permission: pair.permission, view_menu: pair.view_menu })),
        )
        .execute();
    }
  });
  principals.invalidate();
  return unique;
}

/** The pair a quick grant names, or a field message when its objects do not exist. */
async function grantPair(db: MetadataDb, grant: AccessGrant): Promise<PermissionPair> {
  const database = await db
    .selectFrom('databases')
    .select(['id', 'database_name'])
    .where('id', '=', grant.database_id)
    .executeTakeFirst();
  if (!database) throw messageError(422, { database_id: ['Database does not exist.'] });
  if (grant.dataset_id !== undefined) {
    const dataset = await db
      .selectFrom('datasets')
      .select(['id', 'table_name', 'schema'])
      .where('id', '=', grant.dataset_id)
      .where('database_id', '=', database.id)
      .executeTakeFirst();
    if (!dataset) throw messageError(422, { dataset_id: ['Dataset does not exist in this database.'] });
    return ['datasource_access', datasourceAccessView(database.database_name, dataset)];
  }
  if (grant.schema !== undefined) {
    return ['schema_access', schemaAccessView(database.database_name, grant.schema)];
  }
  return ['database_access', databaseAccessView(database)];
}

/** POST /api/v1/security/roles/{id}/access/: adds one database, schema or dataset grant to the role. */
export async function grantAccess(
  db: MetadataDb,
  principals: PrincipalCache,
  roleId: number,
  grant: AccessGrant,
): Promise<RolePermission> {
  await findRole(db, roleId);
  const [permission, viewMenu] = await grantPair(db, grant);
  const id = await ensurePermissionView(db, [permission, viewMenu]);
  await db
    .insertInto('role_permissions')
    .values({ role_id: roleId, permission, view_menu: viewMenu })
    .onConflict((oc) => oc.columns(['role_id', 'permission', 'view_menu']).doNothing())
    .execute();
  principals.invalidate();
  return { id, permission_name: permission, view_menu_name: viewMenu };
}
