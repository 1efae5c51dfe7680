import { FRONTEND_CONF_KEYS, type Bootstrap } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { bootstrapUser } from '../security/me.service';
import type { Principal } from '../security/principal';

/** The payload the browser starts from: the whitelisted constants, the feature flags and the user. */
export function buildBootstrap(ctx: AppContext, principal: Principal | null): Bootstrap {
  const conf: Bootstrap['common']['conf'] = {};
  for (const key of FRONTEND_CONF_KEYS) conf[key] = ctx.config.constants[key];
  return {
    user: principal ? bootstrapUser(principal) : null,
    common: { conf, feature_flags: { ...ctx.config.featureFlags }, version: ctx.version },
  };
}
