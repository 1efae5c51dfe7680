import {
  kvSharedQuerySchema,
  permalinkCreatedSchema,
  queryListItemSchema,
  sqlLabPermalinkStateSchema,
  type PermalinkCreated,
  type QueryListItem,
  type SqlLabPermalinkRequest,
} from '@tessera/contracts';
import { z } from 'zod';
import { api } from '../../../shared/api/api';
import type { SharedQuery } from './shared-query';

const queryShowSchema = z.object({ id: z.number().int(), result: queryListItemSchema });

/** Permalinks, legacy /kv/ links and past queries: what can open a shared query in a new tab. */
export const sharingApi = api.injectEndpoints({
  endpoints: (build) => ({
    createSqlLabPermalink: build.mutation<PermalinkCreated, SqlLabPermalinkRequest, PermalinkCreated>({
      query: (body) => ({ url: '/api/v1/sqllab/permalink', method: 'POST', body }),
      rawResponseSchema: permalinkCreatedSchema,
    }),
    // Mutations, not queries: each is read once to open a tab and must not linger in a cache.
    readSqlLabPermalink: build.mutation<SharedQuery, string, z.infer<typeof sqlLabPermalinkStateSchema>>({
      query: (key) => ({ url: `/api/v1/sqllab/permalink/${encodeURIComponent(key)}` }),
      rawResponseSchema: sqlLabPermalinkStateSchema,
      transformResponse: (state) => ({
        name: state.name,
        dbId: state.dbId,
        sql: state.sql,
        schema: state.schema,
        catalog: state.catalog,
        templateParams: state.templateParams,
        autorun: state.autorun,
      }),
    }),
    readKvQuery: build.mutation<SharedQuery, string, z.infer<typeof kvSharedQuerySchema>>({
      query: (key) => ({ url: `/kv/${encodeURIComponent(key)}` }),
      rawResponseSchema: kvSharedQuerySchema,
      transformResponse: (shared) => ({
        name: shared.name ?? shared.title ?? null,
        dbId: shared.dbId,
        sql: shared.sql,
        schema: shared.schema ?? null,
        catalog: shared.catalog ?? null,
        templateParams: shared.templateParams ?? null,
        autorun: shared.autorun ?? false,
      }),
    }),
    readPastQuery: build.mutation<SharedQuery, number, z.infer<typeof queryShowSchema>>({
      query: (id) => ({ url: `/api/v1/query/${id}` }),
      rawResponseSchema: queryShowSchema,
      transformResponse: ({ result }) => pastQueryToShared(result),
    }),
  }),
});

export function pastQueryToShared(query: QueryListItem): SharedQuery {
  return {
    name: query.tab_name,
    dbId: query.database.id,
    sql: query.sql,
    schema: query.schema,
    catalog: null,
    templateParams: null,
    autorun: false,
  };
}

export const { useCreateSqlLabPermalinkMutation } = sharingApi;
