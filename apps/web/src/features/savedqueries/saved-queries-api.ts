import {
  okMessageSchema,
  savedQueryListResponseSchema,
  savedQueryShowResponseSchema,
  savedQueryWriteResponseSchema,
  type ListQuery,
  type SavedQuery,
  type SavedQueryCreate,
  type SavedQueryListResponse,
  type SavedQueryUpdate,
  type SavedQueryWriteResponse,
} from '@tessera/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api/api';
import { encodeRison } from '../../shared/rison/rison';

/**
 * /api/v1/saved_query/ endpoints. The list is refetched by the page after each change (the shared
 * API declares no tag for saved queries), so mutations invalidate nothing.
 */
export const savedQueriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSavedQueries: build.query<SavedQueryListResponse, ListQuery>({
      query: (query) => ({ url: '/api/v1/saved_query/', params: { q: encodeRison(query) } }),
      responseSchema: savedQueryListResponseSchema,
    }),
    // A mutation: SQL Lab reads a saved query once to open it and must not keep it in a cache.
    readSavedQuery: build.mutation<SavedQuery, number, z.infer<typeof savedQueryShowResponseSchema>>({
      query: (id) => ({ url: `/api/v1/saved_query/${id}` }),
      rawResponseSchema: savedQueryShowResponseSchema,
      transformResponse: (response) => response.result,
    }),
    createSavedQuery: build.mutation<SavedQueryWriteResponse, SavedQueryCreate>({
      query: (body) => ({ url: '/api/v1/saved_query/', method: 'POST', body }),
      responseSchema: savedQueryWriteResponseSchema,
    }),
    updateSavedQuery: build.mutation<SavedQueryWriteResponse, { id: number; body: SavedQueryUpdate }>({
      query: ({ id, body }) => ({ url: `/api/v1/saved_query/${id}`, method: 'PUT', body }),
      responseSchema: savedQueryWriteResponseSchema,
    }),
    deleteSavedQuery: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/api/v1/saved_query/${id}`, method: 'DELETE' }),
      responseSchema: okMessageSchema,
    }),
    bulkDeleteSavedQueries: build.mutation<{ message: string }, number[]>({
      query: (ids) => ({ url: '/api/v1/saved_query/', method: 'DELETE', params: { q: encodeRison(ids) } }),
      responseSchema: okMessageSchema,
    }),
  }),
});

export const {
  useListSavedQueriesQuery,
  useReadSavedQueryMutation,
  useCreateSavedQueryMutation,
  useUpdateSavedQueryMutation,
  useDeleteSavedQueryMutation,
  useBulkDeleteSavedQueriesMutation,
} = savedQueriesApi;
