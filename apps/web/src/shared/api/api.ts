import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

export const UNEXPECTED_RESPONSE_MESSAGE = 'Unexpected response from the server';

/**
 * The RTK Query API every screen uses. Features add their endpoints with `api.injectEndpoints`, each
 * validating the server's JSON with the contracts schema (`rawResponseSchema`/`responseSchema`).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Database', 'User', 'Role', 'RowLevelSecurity'],
  endpoints: () => ({}),
  // A response that does not match its contract is reported like any other failed call.
  catchSchemaFailure: (error) => ({
    error: UNEXPECTED_RESPONSE_MESSAGE,
    message: error.issues
      .slice(0, 3)
      .map(
        (issue) =>
          `${(issue.path ?? []).map((part) => String(typeof part === 'object' ? part.key : part)).join('.')}: ${issue.message}`,
      )
      .join('; '),
  }),
});
