import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Bootstrap } from '@tessera/contracts';
import { sessionExpired } from './session-actions';

export type SessionUser = NonNullable<Bootstrap['user']>;

export interface SessionState {
  /** 'loading' until the bootstrap payload is known (it is fetched when index.html did not carry it). */
  status: 'loading' | 'ready' | 'failed';
  user: SessionUser | null;
  common: Bootstrap['common'] | null;
  error: string | null;
}

export function initialSessionState(bootstrap: Bootstrap | null): SessionState {
  return bootstrap === null
    ? { status: 'loading', user: null, common: null, error: null }
    : { status: 'ready', user: bootstrap.user, common: bootstrap.common, error: null };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState(null),
  reducers: {
    bootstrapLoaded(_state, action: PayloadAction<Bootstrap>) {
      return initialSessionState(action.payload);
    },
    bootstrapFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    loggedIn(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
    },
    loggedOut(state) {
      state.user = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionExpired, (state) => {
      state.user = null;
    });
  },
});

export const { bootstrapLoaded, bootstrapFailed, loggedIn, loggedOut } = sessionSlice.actions;

/** Admins see the Users screen; the server decides what they may do either way. */
export function isAdmin(user: SessionUser | null): boolean {
  return user !== null && (user.is_admin || user.roles.includes('Admin'));
}
