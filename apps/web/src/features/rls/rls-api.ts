import {
  rlsRuleListSchema,
  rlsRuleWriteResponseSchema,
  type ListQuery,
  type RlsRuleCreate,
  type RlsRuleList,
  type RlsRuleUpdate,
} from '@tessera/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api/api';
import { encodeRison } from '../../shared/rison/rison';

type WriteResponse = z.infer<typeof rlsRuleWriteResponseSchema>;
const LIST_TAG = { type: 'RowLevelSecurity' as const, id: 'LIST' };

/** /api/v1/rowlevelsecurity/ (admins only on the server). */
export const rlsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listRlsRules: build.query<RlsRuleList, ListQuery>({
      query: (query) => ({ url: '/api/v1/rowlevelsecurity/', params: { q: encodeRison(query) } }),
      responseSchema: rlsRuleListSchema,
      providesTags: [LIST_TAG],
    }),
    createRlsRule: build.mutation<number, RlsRuleCreate, WriteResponse>({
      query: (body) => ({ url: '/api/v1/rowlevelsecurity/', method: 'POST', body }),
      rawResponseSchema: rlsRuleWriteResponseSchema,
      transformResponse: (response) => response.id,
      invalidatesTags: [LIST_TAG],
    }),
    updateRlsRule: build.mutation<number, { id: number; body: RlsRuleUpdate }, WriteResponse>({
      query: ({ id, body }) => ({ url: `/api/v1/rowlevelsecurity/${String(id)}`, method: 'PUT', body }),
      rawResponseSchema: rlsRuleWriteResponseSchema,
      transformResponse: (response) => response.id,
      invalidatesTags: [LIST_TAG],
    }),
    deleteRlsRules: build.mutation<{ message: string }, number[]>({
      query: (ids) => ({
        url: '/api/v1/rowlevelsecurity/',
        method: 'DELETE',
        params: { q: encodeRison(ids) },
      }),
      invalidatesTags: [LIST_TAG],
    }),
  }),
});

export const {
  useListRlsRulesQuery,
  useCreateRlsRuleMutation,
  useUpdateRlsRuleMutation,
  useDeleteRlsRulesMutation,
} = rlsApi;
