import { FRONTEND_CONF_KEYS, type Bootstrap } from '@tessera/contracts';
import type { AppContext } from '../../context';
import type { Principal } from '../security/principal';

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

/** The payload the browser starts from: the whitelisted constants, the feature flags and the user. */
export function buildBootstrap(ctx: AppContext, principal: Principal | null): Bootstrap {
  const conf: Bootstrap['common']['conf'] = {};
  for (const key of FRONTEND_CONF_KEYS) conf[key] = ctx.config.constants[key];
  return {
    user: principal ? bootstrapUser(principal) : null,
    common: { conf, feature_flags: { ...ctx.config.featureFlags }, version: ctx.version },
  };
}
