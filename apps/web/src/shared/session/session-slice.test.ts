import type { Bootstrap } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { sessionExpired } from './session-actions';
import {
  bootstrapFailed,
  bootstrapLoaded,
  initialSessionState,
  isAdmin,
  loggedIn,
  loggedOut,
  sessionSlice,
  type SessionUser,
} from './session-slice';

const user: SessionUser = {
  id: 1,
  username: 'admin',
  first_name: 'Ada',
  last_name: 'Min',
  email: 'admin@example.com',
  is_active: true,
  is_anonymous: false,
  roles: ['Admin'],
  is_admin: true,
  permissions: [],
};
const bootstrap: Bootstrap = { user: null, common: { conf: {}, feature_flags: {}, version: '0.1.0' } };
const reduce = sessionSlice.reducer;

describe('session slice', () => {
  it('starts loading without a bootstrap payload and ready with one', () => {
    expect(initialSessionState(null).status).toBe('loading');
    expect(initialSessionState({ ...bootstrap, user })).toMatchObject({ status: 'ready', user });
  });

  it('becomes ready when the bootstrap arrives and failed when it cannot be fetched', () => {
    const loading = initialSessionState(null);
    expect(reduce(loading, bootstrapLoaded(bootstrap))).toMatchObject({
      status: 'ready',
      common: bootstrap.common,
    });
    expect(reduce(loading, bootstrapFailed('Network error'))).toMatchObject({
      status: 'failed',
      error: 'Network error',
    });
  });

  it('sets the user on login and clears it on logout or expiry', () => {
    const ready = initialSessionState(bootstrap);
    const signedIn = reduce(ready, loggedIn(user));
    expect(signedIn.user).toEqual(user);
    expect(reduce(signedIn, loggedOut()).user).toBeNull();
    expect(reduce(signedIn, sessionExpired()).user).toBeNull();
  });

  it('recognises admins by flag or role', () => {
    expect(isAdmin(user)).toBe(true);
    expect(isAdmin({ ...user, is_admin: false, roles: ['Admin'] })).toBe(true);
    expect(isAdmin({ ...user, is_admin: false, roles: ['Gamma'] })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});
