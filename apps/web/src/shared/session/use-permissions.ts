// Apart from permissions.ts so the pure checks, which store state (dashboards) uses, never import the
// store's hooks: that was an import cycle through the store.
import { useAppSelector } from '../../app/hooks';
import { can, canUseSqlLab } from './permissions';

/** The permission checks for the signed-in user, for components. */
export function usePermissions() {
  const user = useAppSelector((state) => state.session.user);
  return {
    user,
    can: (permission: string, view: string) => can(user, permission, view),
    sqlLab: canUseSqlLab(user),
  };
}
