import {
  accessGrantResponseSchema,
  listResponseSchema,
  permissionResourceSchema,
  roleItemResponseSchema,
  roleItemSchema,
  rolePermissionsResponseSchema,
  rolePermissionsWriteResponseSchema,
  type AccessGrant,
  type ListQuery,
  type RoleItem,
  type RolePermission,
} from '@tessera/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api/api';
import { encodeRison } from '../../shared/rison/rison';

const roleListSchema = listResponseSchema(roleItemSchema);
const pairListSchema = listResponseSchema(permissionResourceSchema);
export type RoleList = z.infer<typeof roleListSchema>;
export type PairList = z.infer<typeof pairListSchema>;
type RoleItemResponse = z.infer<typeof roleItemResponseSchema>;

const LIST_TAG = { type: 'Role' as const, id: 'LIST' };
const pairsTag = (id: number) => ({ type: 'Role' as const, id: `pairs-${id}` });

/** /api/v1/security/roles/ and its pairs (Admin only on the server). */
export const rolesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listRolePage: build.query<RoleList, ListQuery>({
      query: (query) => ({ url: '/api/v1/security/roles/', params: { q: encodeRison(query) } }),
      responseSchema: roleListSchema,
      providesTags: [LIST_TAG],
    }),
    createRole: build.mutation<RoleItem, string, RoleItemResponse>({
      query: (name) => ({ url: '/api/v1/security/roles/', method: 'POST', body: { name } }),
      rawResponseSchema: roleItemResponseSchema,
      transformResponse: (response) => response.result,
      invalidatesTags: [LIST_TAG],
    }),
    renameRole: build.mutation<RoleItem, { id: number; name: string }, RoleItemResponse>({
      query: ({ id, name }) => ({ url: `/api/v1/security/roles/${id}`, method: 'PUT', body: { name } }),
      rawResponseSchema: roleItemResponseSchema,
      transformResponse: (response) => response.result,
      invalidatesTags: [LIST_TAG],
    }),
    deleteRole: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/api/v1/security/roles/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST_TAG],
    }),
    rolePermissions: build.query<RolePermission[], number, z.infer<typeof rolePermissionsResponseSchema>>({
      query: (id) => ({ url: `/api/v1/security/roles/${id}/permissions/` }),
      rawResponseSchema: rolePermissionsResponseSchema,
      transformResponse: (response) => response.result,
      providesTags: (_result, _error, id) => [pairsTag(id)],
    }),
    setRolePermissions: build.mutation<
      number[],
      { id: number; ids: number[] },
      z.infer<typeof rolePermissionsWriteResponseSchema>
    >({
      query: ({ id, ids }) => ({
        url: `/api/v1/security/roles/${id}/permissions/`,
        method: 'POST',
        body: { permission_view_menu_ids: ids },
      }),
      rawResponseSchema: rolePermissionsWriteResponseSchema,
      transformResponse: (response) => response.result.permission_view_menu_ids,
      invalidatesTags: (_result, _error, { id }) => [pairsTag(id)],
    }),
    grantAccess: build.mutation<
      RolePermission,
      { id: number; grant: AccessGrant },
      z.infer<typeof accessGrantResponseSchema>
    >({
      query: ({ id, grant }) => ({
        url: `/api/v1/security/roles/${id}/access/`,
        method: 'POST',
        body: grant,
      }),
      rawResponseSchema: accessGrantResponseSchema,
      transformResponse: (response) => response.result,
      invalidatesTags: (_result, _error, { id }) => [pairsTag(id), { type: 'Role', id: 'PAIRS' }],
    }),
    /** One page of (permission, resource) pairs matching the search, for the permissions picker. */
    listPairs: build.query<PairList, { search: string; page: number; pageSize: number }>({
      query: ({ search, page, pageSize }) => ({
        url: '/api/v1/security/permissions-resources/',
        params: {
          q: encodeRison({
            filters: search === '' ? [] : [{ col: 'search', opr: 'ct', value: search }],
            order_column: 'view_menu',
            order_direction: 'asc',
            page,
            page_size: pageSize,
          }),
        },
      }),
      responseSchema: pairListSchema,
      providesTags: [{ type: 'Role', id: 'PAIRS' }],
    }),
  }),
});

export const {
  useListRolePageQuery,
  useCreateRoleMutation,
  useRenameRoleMutation,
  useDeleteRoleMutation,
  useRolePermissionsQuery,
  useSetRolePermissionsMutation,
  useGrantAccessMutation,
  useLazyListPairsQuery,
} = rolesApi;
