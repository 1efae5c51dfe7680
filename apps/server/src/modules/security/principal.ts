import type { MetadataDb } from '../../db/kysely';
import { forbidden, unauthorized } from '../../platform/errors';
import { isAdminRoleName, pairKey, type PermissionPair } from './permissions';
import { permissionsOfRoles } from './roles.repo';
import { findUserById, rolesOfUsers, type UserRow } from './users.repo';

/** The authenticated caller of one request. */
export interface Principal {
  user: UserRow;
  roles: string[];
  pairs: PermissionPair[];
  isAdmin: boolean;
  via: 'cookie' | 'bearer';
  /** Set for cookie sessions: the session's id (the digest of its cookie). */
  sessionId: string | null;
  can(permission: string, viewMenu: string): boolean;
}

export async function loadPrincipal(
  db: MetadataDb,
  userId: number,
  via: Principal['via'],
  sessionId: string | null,
): Promise<Principal | null> {
  const user = await findUserById(db, userId);
  if (user?.active !== 1) return null;
  const roles = (await rolesOfUsers(db, [user.id])).get(user.id) ?? [];
  const pairs = await permissionsOfRoles(
    db,
    roles.map((role) => role.id),
  );
  const isAdmin = roles.some((role) => isAdminRoleName(role.name));
  const granted = new Set(pairs.map(([permission, view]) => pairKey(permission, view)));
  return {
    user,
    roles: roles.map((role) => role.name),
    pairs,
    isAdmin,
    via,
    sessionId,
    can: (permission, viewMenu) => isAdmin || granted.has(pairKey(permission, viewMenu)),
  };
}

export function requireUser(principal: Principal | null): Principal {
  if (!principal) throw unauthorized();
  return principal;
}

export function requirePermission(
  principal: Principal | null,
  permission: string,
  viewMenu: string,
): Principal {
  const who = requireUser(principal);
  if (!who.can(permission, viewMenu)) throw forbidden();
  return who;
}
