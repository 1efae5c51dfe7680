import {
  listResponseSchema,
  roleItemSchema,
  userSchema,
  type ListQuery,
  type User,
  type UserCreate,
  type UserUpdate,
} from '@tessera/contracts';
import { z } from 'zod';
import { api } from '../../shared/api/api';
import { encodeRison } from '../../shared/rison/rison';

const userListSchema = listResponseSchema(userSchema);
const roleListSchema = listResponseSchema(roleItemSchema);
const userItemSchema = z.object({ id: z.number().int(), result: userSchema });

export type UserList = z.infer<typeof userListSchema>;
export type RoleList = z.infer<typeof roleListSchema>;
type UserItem = z.infer<typeof userItemSchema>;

const LIST_TAG = { type: 'User' as const, id: 'LIST' };

/** /api/v1/security/users/ and /roles/ (Admin only on the server). */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<UserList, ListQuery>({
      query: (query) => ({ url: '/api/v1/security/users/', params: { q: encodeRison(query) } }),
      responseSchema: userListSchema,
      providesTags: [LIST_TAG],
    }),
    createUser: build.mutation<User, UserCreate, UserItem>({
      query: (body) => ({ url: '/api/v1/security/users/', method: 'POST', body }),
      rawResponseSchema: userItemSchema,
      transformResponse: (response) => response.result,
      invalidatesTags: [LIST_TAG],
    }),
    updateUser: build.mutation<User, { id: number; body: UserUpdate }, UserItem>({
      query: ({ id, body }) => ({ url: `/api/v1/security/users/${id}`, method: 'PUT', body }),
      rawResponseSchema: userItemSchema,
      transformResponse: (response) => response.result,
      invalidatesTags: [LIST_TAG],
    }),
    /** One page of roles whose name contains the search, for the roles picker. */
    listRoles: build.query<RoleList, { search: string; page: number; pageSize: number }>({
      query: ({ search, page, pageSize }) => ({
        url: '/api/v1/security/roles/',
        params: {
          q: encodeRison({
            filters: search === '' ? [] : [{ col: 'name', opr: 'ct', value: search }],
            order_column: 'name',
            order_direction: 'asc',
            page,
            page_size: pageSize,
          }),
        },
      }),
      responseSchema: roleListSchema,
      providesTags: [{ type: 'Role', id: 'LIST' }],
    }),
  }),
});

export const { useListUsersQuery, useCreateUserMutation, useUpdateUserMutation, useLazyListRolesQuery } =
  usersApi;
