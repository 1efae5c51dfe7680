import type { ListQuery, User, UserCreate, UserUpdate } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { nowIso, toFlag } from '../../db/kysely';
import { messageError, notFound } from '../../platform/errors';
import { hashPassword } from './passwords';
import type { Principal } from './principal';
import { existingRoleIds } from './roles.repo';
import { deleteUserSessions } from './sessions';
import { findUserById, listUsers, rolesOfUsers, setUserRoles, toUser } from './users.repo';

type UsersContext = Pick<AppContext, 'store' | 'caches'>;

export async function userById(ctx: UsersContext, id: number): Promise<User> {
  const row = await findUserById(ctx.store.db, id);
  if (!row) throw notFound();
  return toUser(row, (await rolesOfUsers(ctx.store.db, [id])).get(id) ?? []);
}

async function assertRolesExist(ctx: UsersContext, roleIds: number[]): Promise<void> {
  const found = await existingRoleIds(ctx.store.db, roleIds);
  const missing = roleIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw messageError(422, { roles: [`Unknown role id(s): ${missing.join(', ')}.`] });
}

async function assertUnique(
  ctx: UsersContext,
  field: 'username' | 'email',
  value: string,
  exceptId?: number,
): Promise<void> {
  let query = ctx.store.db.selectFrom('users').select('id').where(field, '=', value);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst())
    throw messageError(422, { [field]: [`A user with this ${field} already exists.`] });
}

export async function listUserPage(
  ctx: UsersContext,
  query: ListQuery,
): Promise<{ count: number; ids: number[]; result: User[] }> {
  const { count, rows } = await listUsers(ctx.store.db, query);
  const roles = await rolesOfUsers(
    ctx.store.db,
    rows.map((row) => row.id),
  );
  return {
    count,
    ids: rows.map((row) => row.id),
    result: rows.map((row) => toUser(row, roles.get(row.id) ?? [])),
  };
}

export async function createUser(ctx: UsersContext, body: UserCreate): Promise<number> {
  await assertRolesExist(ctx, body.roles);
  await assertUnique(ctx, 'username', body.username);
  await assertUnique(ctx, 'email', body.email);
  const now = nowIso();
  const passwordHash = await hashPassword(body.password);
  const id = await ctx.store.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({
        username: body.username,
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        password_hash: passwordHash,
        active: toFlag(body.active),
        created_on: now,
        changed_on: now,
        last_login: null,
        login_count: 0,
        fail_login_count: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setUserRoles(trx, row.id, body.roles);
    return row.id;
  });
  ctx.caches.principals.invalidate();
  return id;
}

/** Deactivation and a new password end every session and API token of the user. */
export async function updateUser(
  ctx: UsersContext,
  principal: Principal,
  id: number,
  body: UserUpdate,
): Promise<void> {
  const db = ctx.store.db;
  if (!(await findUserById(db, id))) throw notFound();
  if (body.active === false && id === principal.user.id) {
    throw messageError(422, { active: ['You cannot deactivate your own account.'] });
  }
  if (body.roles) await assertRolesExist(ctx, body.roles);
  if (body.username !== undefined) await assertUnique(ctx, 'username', body.username, id);
  if (body.email !== undefined) await assertUnique(ctx, 'email', body.email, id);
  const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        ...(body.username === undefined ? {} : { username: body.username }),
        ...(body.first_name === undefined ? {} : { first_name: body.first_name }),
        ...(body.last_name === undefined ? {} : { last_name: body.last_name }),
        ...(body.email === undefined ? {} : { email: body.email }),
        ...(body.active === undefined ? {} : { active: toFlag(body.active) }),
        ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
        changed_on: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    if (body.roles) await setUserRoles(trx, id, body.roles);
  });
  // After the commit: a request reading between the write and the commit saw the old rows.
  ctx.caches.principals.invalidate();
  if (body.active === false || passwordHash !== undefined) await deleteUserSessions(db, id);
}
