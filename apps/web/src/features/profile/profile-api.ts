import { okMessageSchema, type MePasswordUpdate } from '@tessera/contracts';
import { api } from '../../shared/api/api';

/** The signed-in user's own account: PUT /api/v1/me/password. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeMyPassword: build.mutation<{ message: string }, MePasswordUpdate>({
      query: (body) => ({ url: '/api/v1/me/password', method: 'PUT', body }),
      responseSchema: okMessageSchema,
    }),
  }),
});

export const { useChangeMyPasswordMutation } = profileApi;
