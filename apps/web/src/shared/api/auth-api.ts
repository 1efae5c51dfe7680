import {
  bootstrapSchema,
  okMessageSchema,
  type Bootstrap,
  type BrowserLoginRequest,
} from '@tessera/contracts';
import { z } from 'zod';
import type { SessionUser } from '../session/session-slice';
import { api } from './api';

const sessionUserSchema = bootstrapSchema.shape.user.unwrap();
const loginResponseSchema = z.object({ result: sessionUserSchema });

/** Session endpoints: the bootstrap payload, the browser login form and logout. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query reads void as 'takes no argument'
    getBootstrap: build.query<Bootstrap, void>({
      query: () => ({ url: '/api/v1/bootstrap/' }),
      responseSchema: bootstrapSchema,
    }),
    login: build.mutation<SessionUser, BrowserLoginRequest, z.infer<typeof loginResponseSchema>>({
      query: (credentials) => ({ url: '/login/', method: 'POST', body: credentials }),
      rawResponseSchema: loginResponseSchema,
      transformResponse: (response) => response.result,
    }),
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query reads void as 'takes no argument'
    logout: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/logout/', method: 'POST' }),
      responseSchema: okMessageSchema,
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation, useGetBootstrapQuery } = authApi;
