import { createAction } from '@reduxjs/toolkit';

/**
 * The server answered 401 to a request that needs a session: the cookie expired or was revoked.
 * A plain action in its own module so the API layer can raise it without importing the slice.
 */
export const sessionExpired = createAction('session/expired');
