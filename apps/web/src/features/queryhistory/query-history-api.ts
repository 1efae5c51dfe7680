import { listResponseSchema, queryListItemSchema, type ListQuery } from '@tessera/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api/api';
import { encodeRison } from '../../shared/rison/rison';

const queryListSchema = listResponseSchema(queryListItemSchema);
export type QueryList = z.infer<typeof queryListSchema>;

/** GET /api/v1/query/: the caller's runs (every user's for Admin), filtered and paged on the server. */
export const queryHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    listQueries: build.query<QueryList, ListQuery>({
      query: (query) => ({ url: '/api/v1/query/', params: { q: encodeRison(query) } }),
      responseSchema: queryListSchema,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useListQueriesQuery } = queryHistoryApi;
