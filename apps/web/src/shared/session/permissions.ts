import { isAdmin, type SessionUser } from './session-slice';

/**
 * What the signed-in user may do, read from the (permission, view) pairs of their roles (the bootstrap
 * payload; GET /api/v1/me/roles/ answers the same pairs per role). The UI only hides what would fail:
 * the server still checks every request and answers 403.
 */
export function can(user: SessionUser | null, permission: string, view: string): boolean {
  if (user === null) return false;
  return (
    isAdmin(user) || user.permissions.some(([name, viewName]) => name === permission && viewName === view)
  );
}

/** SQL Lab opens its tabs (TabStateView) and runs queries (SQLLab); without both it only shows errors. */
export function canUseSqlLab(user: SessionUser | null): boolean {
  return can(user, 'can_read', 'SQLLab') && can(user, 'can_read', 'TabStateView');
}

/** Any database at all: every one (all_database_access, all_datasource_access) or a granted one. */
function reachesSomeDatabase(user: SessionUser): boolean {
  return (
    can(user, 'all_database_access', 'all_database_access') ||
    can(user, 'all_datasource_access', 'all_datasource_access') ||
    user.permissions.some(([name]) => name === 'database_access' || name === 'schema_access')
  );
}

/**
 * The Databases screen lists only databases the user reaches; a user who reaches none and cannot add
 * one (Gamma) would only ever see an empty list, so it is not offered.
 */
export function canUseDatabaseList(user: SessionUser | null): boolean {
  if (user === null || !can(user, 'can_read', 'Database')) return false;
  return can(user, 'can_write', 'Database') || reachesSomeDatabase(user);
}
