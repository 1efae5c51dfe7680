import {
  databaseRelatedObjectsSchema,
  databaseSchema,
  listResponseSchema,
  okMessageSchema,
  tableMetadataSchema,
  tablesResponseSchema,
  testConnectionResponseSchema,
  type Database,
  type DatabaseCreate,
  type DatabaseRelatedObjects,
  type DatabaseUpdate,
  type ListQuery,
  type TableMetadataResponse,
  type TablesResponse,
  type TestConnection,
  type TestConnectionResponse,
  type ValidateParameters,
} from '@tessera/contracts';
import { z } from 'zod';
import { api } from '../../shared/api/api';
import { encodeRison } from '../../shared/rison/rison';

const databaseListSchema = listResponseSchema(databaseSchema);
const databaseItemSchema = z.object({ id: z.number().int(), result: databaseSchema });
const schemasSchema = z.object({ result: z.array(z.string()) });

export type DatabaseList = z.infer<typeof databaseListSchema>;
type DatabaseItem = z.infer<typeof databaseItemSchema>;

export interface TablesArgs {
  databaseId: number;
  schema: string;
}
export interface TableMetadataArgs extends TablesArgs {
  table: string;
}

const LIST_TAG = { type: 'Database' as const, id: 'LIST' };

/** /api/v1/database/ endpoints; every response is checked against its contracts schema. */
export const databasesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listDatabases: build.query<DatabaseList, ListQuery>({
      query: (query) => ({ url: '/api/v1/database/', params: { q: encodeRison(query) } }),
      responseSchema: databaseListSchema,
      providesTags: (result) => [
        LIST_TAG,
        ...(result?.ids ?? []).map((id) => ({ type: 'Database' as const, id })),
      ],
    }),
    getDatabase: build.query<Database, number, DatabaseItem>({
      query: (id) => ({ url: `/api/v1/database/${id}` }),
      rawResponseSchema: databaseItemSchema,
      transformResponse: (response) => response.result,
      providesTags: (_result, _error, id) => [{ type: 'Database', id }],
    }),
    createDatabase: build.mutation<Database, DatabaseCreate, DatabaseItem>({
      query: (body) => ({ url: '/api/v1/database/', method: 'POST', body }),
      rawResponseSchema: databaseItemSchema,
      transformResponse: (response) => response.result,
      invalidatesTags: [LIST_TAG],
    }),
    updateDatabase: build.mutation<Database, { id: number; body: DatabaseUpdate }, DatabaseItem>({
      query: ({ id, body }) => ({ url: `/api/v1/database/${id}`, method: 'PUT', body }),
      rawResponseSchema: databaseItemSchema,
      transformResponse: (response) => response.result,
      invalidatesTags: (_result, _error, { id }) => [LIST_TAG, { type: 'Database', id }],
    }),
    deleteDatabase: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/api/v1/database/${id}`, method: 'DELETE' }),
      responseSchema: okMessageSchema,
      invalidatesTags: (_result, _error, id) => [LIST_TAG, { type: 'Database', id }],
    }),
    getDatabaseRelatedObjects: build.query<DatabaseRelatedObjects, number>({
      query: (id) => ({ url: `/api/v1/database/${id}/related_objects/` }),
      responseSchema: databaseRelatedObjectsSchema,
      providesTags: (_result, _error, id) => [{ type: 'Database', id }],
    }),
    testConnection: build.mutation<TestConnectionResponse, TestConnection>({
      query: (body) => ({ url: '/api/v1/database/test_connection/', method: 'POST', body }),
      responseSchema: testConnectionResponseSchema,
    }),
    /** Superset's check of the connection form's fields; 422 errors name the fields at fault. */
    validateParameters: build.mutation<{ message: string }, ValidateParameters>({
      query: (body) => ({ url: '/api/v1/database/validate_parameters/', method: 'POST', body }),
      responseSchema: okMessageSchema,
    }),
    getSchemas: build.query<string[], number, z.infer<typeof schemasSchema>>({
      query: (id) => ({
        url: `/api/v1/database/${id}/schemas/`,
        params: { q: encodeRison({ force: false }) },
      }),
      rawResponseSchema: schemasSchema,
      transformResponse: (response) => response.result,
      providesTags: (_result, _error, id) => [{ type: 'Database', id }],
    }),
    getTables: build.query<TablesResponse, TablesArgs>({
      query: ({ databaseId, schema }) => ({
        url: `/api/v1/database/${databaseId}/tables/`,
        params: { q: encodeRison({ schema_name: schema, force: false }) },
      }),
      responseSchema: tablesResponseSchema,
      providesTags: (_result, _error, { databaseId }) => [{ type: 'Database', id: databaseId }],
    }),
    getTableMetadata: build.query<TableMetadataResponse, TableMetadataArgs>({
      query: ({ databaseId, schema, table }) => ({
        url: `/api/v1/database/${databaseId}/table_metadata/`,
        params: { name: table, schema },
      }),
      responseSchema: tableMetadataSchema,
      providesTags: (_result, _error, { databaseId }) => [{ type: 'Database', id: databaseId }],
    }),
  }),
});

export const {
  useListDatabasesQuery,
  useLazyListDatabasesQuery,
  useGetDatabaseQuery,
  useCreateDatabaseMutation,
  useUpdateDatabaseMutation,
  useDeleteDatabaseMutation,
  useGetDatabaseRelatedObjectsQuery,
  useTestConnectionMutation,
  useValidateParametersMutation,
  useGetSchemasQuery,
  useLazyGetSchemasQuery,
  useGetTablesQuery,
  useLazyGetTablesQuery,
  useGetTableMetadataQuery,
} = databasesApi;
