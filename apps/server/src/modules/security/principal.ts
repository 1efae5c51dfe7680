import type { RequestRlsClause } from '@tessera/contracts';
import type { MetadataDb } from '../../db/kysely';
import { forbidden, unauthorized } from '../../platform/errors';
import { isAdminRoleName, pairKey, type PermissionPair } from './permissions';
import type { PrincipalCache, PrincipalCore } from './principal-cache';
import { permissionsOfRoles } from './roles.repo';
import type { UserRow } from './user-row';
import { findUserById, rolesOfUsers } from './users.repo';

/**
 * What a guest token grants (issue #15 item 4): the embedded dashboards it names, the datasets their
 * charts and native filters read, and the token's row level security clauses.
 */
export interface GuestGrant {
  /** Embedded uuids named by the token that exist (and so the dashboards behind them). */
  embeddedUuids: string[];
  dashboardIds: number[];
  datasetIds: number[];
  rls: RequestRlsClause[];
}

/** The authenticated caller of one request. */
export interface Principal {
  user: UserRow;
  roles: string[];
  pairs: PermissionPair[];
  isAdmin: boolean;
  via: 'cookie' | 'bearer' | 'guest';
  /**
   * Set only for an embedded viewer. Such a principal is never `request.principal` (so every route that
   * reads that answers 401); only the routes that accept guests (`requireViewer`) see it.
   */
  guest?: GuestGrant;
  /** The session's id: the digest of the cookie, or of the bearer token's `sid`. */
  sessionId: string | null;
  can(permission: string, viewMenu: string): boolean;
}

async function readPrincipalCore(db: MetadataDb, userId: number): Promise<PrincipalCore | null> {
  const user = await findUserById(db, userId);
  if (user?.active !== 1) return null;
  const roles = (await rolesOfUsers(db, [user.id])).get(user.id) ?? [];
  const pairs = await permissionsOfRoles(
    db,
    roles.map((role) => role.id),
  );
  return {
    user,
    roles: roles.map((role) => role.name),
    pairs,
    isAdmin: roles.some((role) => isAdminRoleName(role.name)),
    granted: new Set(pairs.map(([permission, view]) => pairKey(permission, view))),
  };
}

/**
 * The caller behind a verified token or live session; null for unknown or inactive users. The user,
 * roles and permissions come from a short cache of the app context (principal-cache.ts) that this process's
 * security writes invalidate at once.
 */
export async function loadPrincipal(
  db: MetadataDb,
  cache: PrincipalCache,
  userId: number,
  via: Principal['via'],
  sessionId: string | null,
): Promise<Principal | null> {
  let core = cache.get(userId);
  if (!core) {
    const readAt = cache.generation;
    core = await readPrincipalCore(db, userId);
    if (!core) return null;
    cache.remember(userId, core, readAt);
  }
  const { user, roles, pairs, isAdmin, granted } = core;
  return {
    user,
    roles,
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

/**
 * The caller of a route that embedded viewers may also use: a signed-in user with the pair, else the
 * request's guest (whose grant the route then checks), else 401.
 */
export function requireViewer(
  principal: Principal | null,
  guest: Principal | null,
  permission: string,
  viewMenu: string,
): Principal {
  if (principal === null && guest !== null) return guest;
  return requirePermission(principal, permission, viewMenu);
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
