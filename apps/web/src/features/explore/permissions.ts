import type { SessionUser } from '../../shared/session/session-slice';
import { isAdmin } from '../../shared/session/session-slice';

function has(user: SessionUser | null, permission: string, view: string): boolean {
  if (user === null) return false;
  return (
    isAdmin(user) || user.permissions.some(([name, viewName]) => name === permission && viewName === view)
  );
}

/** Spec 001 §6 'Explore': can_add, can_download, can_overwrite for the current user and chart owners. */
export function explorePermissions(user: SessionUser | null, sliceOwners: readonly number[] | null) {
  return {
    can_add: has(user, 'can_write', 'Chart'),
    can_download: has(user, 'can_csv', 'Superset'),
    can_overwrite: user !== null && sliceOwners !== null && (isAdmin(user) || sliceOwners.includes(user.id)),
  };
}
