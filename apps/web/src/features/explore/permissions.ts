import type { SessionUser } from '../../shared/session/session-slice';
import { can } from '../../shared/session/permissions';
import { isAdmin } from '../../shared/session/session-slice';

/** Spec 001 §6 'Explore': can_add, can_download, can_overwrite for the current user and chart owners. */
export function explorePermissions(user: SessionUser | null, sliceOwners: readonly number[] | null) {
  return {
    can_add: can(user, 'can_write', 'Chart'),
    can_download: can(user, 'can_csv', 'Superset'),
    can_overwrite: user !== null && sliceOwners !== null && (isAdmin(user) || sliceOwners.includes(user.id)),
  };
}
