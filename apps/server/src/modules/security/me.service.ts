import {
  SAME_NEW_PASSWORD,
  WRONG_CURRENT_PASSWORD,
  type Bootstrap,
  type Me,
  type MePasswordUpdate,
  type MeRoles,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/kysely';
import { messageError } from '../../platform/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import type { Principal } from './principal';
import { permissionsOfRoles } from './roles.repo';
import { deleteOtherUserSessions } from './sessions';
import type { UserRow } from './user-row';
import { findUserByUsername, recordLogin, rolesOfUsers } from './users.repo';

type SecurityContext = Pick<AppContext, 'store' | 'caches'>;

/** The signed-in user as the bootstrap payload and the login answer show it. */
export function bootstrapUser(principal: Principal): NonNullable<Bootstrap['user']> {
  const { user } = principal;
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_active: user.active === 1,
    is_anonymous: false,
    roles: principal.roles,
    is_admin: principal.isAdmin,
    permissions: principal.pairs.map(([permission, view]): [string, string] => [permission, view]),
  };
}

export function toMe(user: UserRow): Me {
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_active: user.active === 1,
    is_anonymous: false,
  };
}

/** Superset's `permissions` of /me/roles/: the database and datasource views the user's roles grant. */
function accessViewsByKind(principal: Principal): MeRoles['permissions'] {
  const views = (kind: string): string[] =>
    [
      ...new Set(principal.pairs.filter(([permission]) => permission === kind).map(([, view]) => view)),
    ].sort();
  return { database_access: views('database_access'), datasource_access: views('datasource_access') };
}

/** GET /api/v1/me/roles/: each of the caller's roles with its pairs. */
export async function meRoles(ctx: SecurityContext, principal: Principal): Promise<MeRoles> {
  const roles: Record<string, [string, string][]> = {};
  for (const role of (await rolesOfUsers(ctx.store.db, [principal.user.id])).get(principal.user.id) ?? []) {
    roles[role.name] = (await permissionsOfRoles(ctx.store.db, [role.id])).map(([p, v]): [string, string] => [
      p,
      v,
    ]);
  }
  return { ...toMe(principal.user), roles, permissions: accessViewsByKind(principal) };
}

/** Checks a username and password; every failure costs the same and says the same. */
export async function authenticate(
  ctx: SecurityContext,
  username: string,
  password: string,
): Promise<UserRow | null> {
  const user = await findUserByUsername(ctx.store.db, username);
  if (!user) {
    await burnPasswordCheck(password);
    return null;
  }
  const ok = await verifyPassword(user.password_hash, password);
  const success = ok && user.active === 1;
  await recordLogin(ctx.store.db, user.id, success);
  ctx.caches.principals.invalidate();
  return success ? user : null;
}

/** The caller's own password; every other session and API token of the user ends with the old one. */
export async function changeOwnPassword(
  ctx: SecurityContext,
  principal: Principal,
  body: MePasswordUpdate,
): Promise<void> {
  const user = await findUserByUsername(ctx.store.db, principal.user.username);
  if (!user || !(await verifyPassword(user.password_hash, body.current_password))) {
    throw messageError(400, { current_password: [WRONG_CURRENT_PASSWORD] });
  }
  if (body.new_password === body.current_password) {
    throw messageError(400, { new_password: [SAME_NEW_PASSWORD] });
  }
  await ctx.store.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(body.new_password), changed_on: nowIso() })
    .where('id', '=', user.id)
    .execute();
  ctx.caches.principals.invalidate();
  await deleteOtherUserSessions(ctx.store.db, user.id, principal.sessionId);
}
