import type { ListQuery, RoleRef, User } from '@tessera/contracts';
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { MetadataDb } from '../../db/kysely';
import { nowIso } from '../../db/kysely';
import { containsText, escapeLike } from '../../db/like';
import type { MetadataSchema } from '../../db/schema';
import { messageError } from '../../platform/errors';
import type { UserRow } from './user-row';

export type { UserRow };

export async function findUserByUsername(db: MetadataDb, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function findUserById(db: MetadataDb, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function rolesOfUsers(db: MetadataDb, userIds: number[]): Promise<Map<number, RoleRef[]>> {
  const byUser = new Map<number, RoleRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.id', 'roles.name'])
    .where('user_roles.user_id', 'in', userIds)
    .orderBy('roles.name')
    .execute();
  for (const row of rows) byUser.get(row.user_id)?.push({ id: row.id, name: row.name });
  return byUser;
}

export function toUser(row: UserRow, roles: RoleRef[]): User {
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    active: row.active === 1,
    roles,
    created_on: row.created_on,
    changed_on: row.changed_on,
    last_login: row.last_login,
    login_count: row.login_count,
  };
}

const ORDERABLE = [
  'id',
  'username',
  'first_name',
  'last_name',
  'email',
  'active',
  'changed_on',
  'created_on',
  'last_login',
] as const;
type Orderable = (typeof ORDERABLE)[number];
const isOrderable = (column: string): column is Orderable =>
  (ORDERABLE as readonly string[]).includes(column);

type UsersQuery = SelectQueryBuilder<MetadataSchema, 'users', object>;

function applyFilters(query: UsersQuery, filters: ListQuery['filters']): UsersQuery {
  let q = query;
  for (const filter of filters) {
    const value = filter.value;
    if (filter.col === 'active' && filter.opr === 'eq' && typeof value === 'boolean') {
      q = q.where('users.active', '=', value ? 1 : 0);
    } else if (
      ['username', 'email', 'first_name', 'last_name'].includes(filter.col) &&
      filter.opr === 'ct' &&
      typeof value === 'string'
    ) {
      const column = filter.col as 'username' | 'email' | 'first_name' | 'last_name';
      q = q.where(containsText(`users.${column}`, value));
    } else if (filter.col === 'search' && filter.opr === 'ct' && typeof value === 'string') {
      const pattern = `%${escapeLike(value.toLowerCase())}%`;
      const matches = (column: RawBuilder<string>) =>
        sql<boolean>`lower(${column}) like ${pattern} escape '\\'`;
      q = q.where((eb) =>
        eb.or([
          matches(sql`users.username`),
          matches(sql`users.email`),
          matches(sql`users.first_name || ' ' || users.last_name`),
        ]),
      );
    } else {
      throw messageError(400, { filters: [`Filter ${filter.col} ${filter.opr} is not allowed.`] });
    }
  }
  return q;
}

export async function listUsers(
  db: MetadataDb,
  query: ListQuery,
): Promise<{ count: number; rows: UserRow[] }> {
  const base = applyFilters(db.selectFrom('users'), query.filters);
  const countRow = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  const orderColumn = query.order_column ?? 'username';
  if (!isOrderable(orderColumn))
    throw messageError(400, { order_column: [`Not a valid column: ${orderColumn}.`] });
  const rows = await base
    .selectAll('users')
    .orderBy(`users.${orderColumn}`, query.order_direction)
    .orderBy('users.id')
    .limit(query.page_size)
    .offset(query.page * query.page_size)
    .execute();
  return { count: Number(countRow?.n ?? 0), rows };
}

export async function setUserRoles(db: MetadataDb, userId: number, roleIds: number[]): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roleIds.length > 0) {
    await db
      .insertInto('user_roles')
      .values([...new Set(roleIds)].map((roleId) => ({ user_id: userId, role_id: roleId })))
      .execute();
  }
}

export async function recordLogin(db: MetadataDb, userId: number, success: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) =>
      success
        ? { last_login: nowIso(), login_count: eb('login_count', '+', 1), fail_login_count: 0 }
        : { fail_login_count: eb('fail_login_count', '+', 1) },
    )
    .where('id', '=', userId)
    .execute();
}
