import {
  estimateResponseSchema,
  formatSqlResponseSchema,
  functionNamesResponseSchema,
  listResponseSchema,
  queryListItemSchema,
  sqlLabBootstrapSchema,
  updatedSinceResponseSchema,
  type ExecuteRequest,
  type QueryDict,
  type QueryListItem,
  type SqlLabDatabase,
} from '@tessera/contracts';
import { z } from 'zod';
import { api } from '../../../shared/api/api';
import { encodeRison } from '../../../shared/rison/rison';
import type { ResultsPayload } from '../state';
import {
  executeBodySchema,
  resultBodySchema,
  toExecuteOutcome,
  toResultsPayload,
  type ExecuteBody,
  type ExecuteOutcome,
  type ResultBody,
} from './results-payload';

type Bootstrap = z.infer<typeof sqlLabBootstrapSchema>;
type UpdatedSince = z.infer<typeof updatedSinceResponseSchema>;
const queryHistorySchema = listResponseSchema(queryListItemSchema);
type QueryHistory = z.infer<typeof queryHistorySchema>;
/** The stop call answers `{result: 'OK'}`; only its success matters. */
const stopResponseSchema = z.looseObject({});

export interface ExecuteArgs {
  body: ExecuteRequest;
  /** The page's query string, which Superset appends to the execute URL (spec 000 §7). */
  search: string;
  /** Hands the first rows over before the body ends (shared/api/leading-rows.ts), under this key. */
  leadingRowsKey?: string;
}

export interface EstimateArgs {
  database_id: number;
  sql: string;
  template_params: Record<string, unknown> | null;
  catalog: string | null;
  schema: string | null;
}

export const HISTORY_PAGE_SIZE = 100;

/** Databases exposed in SQL Lab, by name. */
function exposedDatabases(bootstrap: Bootstrap): SqlLabDatabase[] {
  return Object.values(bootstrap.result.databases)
    .filter((database) => database.expose_in_sqllab)
    .sort((a, b) => a.database_name.localeCompare(b.database_name) || a.id - b.id);
}

/** SQL Lab's endpoints (reference §2.1–2.4); every response is checked against its contract. */
export const sqlLabApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSqlLabDatabases: build.query<SqlLabDatabase[], undefined, Bootstrap>({
      query: () => ({ url: '/api/v1/sqllab/' }),
      rawResponseSchema: sqlLabBootstrapSchema,
      transformResponse: exposedDatabases,
    }),
    executeQuery: build.mutation<ExecuteOutcome, ExecuteArgs, ExecuteBody>({
      query: ({ body, search, leadingRowsKey }) => ({
        url: `/api/v1/sqllab/execute/${search}`,
        method: 'POST',
        body,
        leadingRowsKey,
      }),
      rawResponseSchema: executeBodySchema,
      transformResponse: toExecuteOutcome,
    }),
    // A mutation, not a query: rows go into the SQL Lab state once and must not stay in a cache too.
    // timeoutSeconds: SQLLAB_QUERY_RESULT_TIMEOUT when set (spec 000 §9), else the server's timeout.
    fetchQueryResults: build.mutation<
      ResultsPayload,
      { key: string; rows: number; timeoutSeconds?: number },
      ResultBody
    >({
      query: ({ key, rows, timeoutSeconds }) => ({
        url: '/api/v1/sqllab/results/',
        params: { q: encodeRison({ key, rows }) },
        timeoutSeconds,
      }),
      rawResponseSchema: resultBodySchema,
      transformResponse: toResultsPayload,
    }),
    stopQuery: build.mutation<null, string>({
      query: (clientId) => ({ url: '/api/v1/query/stop', method: 'POST', body: { client_id: clientId } }),
      rawResponseSchema: stopResponseSchema,
      transformResponse: () => null,
    }),
    pollQueries: build.query<QueryDict[], number, UpdatedSince>({
      query: (lastUpdatedMs) => ({
        url: '/api/v1/query/updated_since',
        params: { q: encodeRison({ last_updated_ms: lastUpdatedMs }) },
      }),
      rawResponseSchema: updatedSinceResponseSchema,
      transformResponse: (response) => response.result,
      keepUnusedDataFor: 0,
    }),
    getEditorQueryHistory: build.query<QueryListItem[], string, QueryHistory>({
      query: (sqlEditorId) => ({
        url: '/api/v1/query/',
        params: {
          q: encodeRison({
            filters: [{ col: 'sql_editor_id', opr: 'eq', value: sqlEditorId }],
            order_column: 'start_time',
            order_direction: 'desc',
            page_size: HISTORY_PAGE_SIZE,
          }),
        },
      }),
      rawResponseSchema: queryHistorySchema,
      transformResponse: (response) => response.result,
    }),
    formatSql: build.mutation<
      string,
      { sql: string; database_id?: number },
      z.infer<typeof formatSqlResponseSchema>
    >({
      query: (body) => ({ url: '/api/v1/sqllab/format_sql/', method: 'POST', body }),
      rawResponseSchema: formatSqlResponseSchema,
      transformResponse: (response) => response.result,
    }),
    estimateCost: build.mutation<
      Record<string, unknown>[],
      EstimateArgs,
      z.infer<typeof estimateResponseSchema>
    >({
      query: (body) => ({ url: '/api/v1/sqllab/estimate/', method: 'POST', body }),
      rawResponseSchema: estimateResponseSchema,
      transformResponse: (response) => response.result,
    }),
    getFunctionNames: build.query<string[], number, z.infer<typeof functionNamesResponseSchema>>({
      query: (databaseId) => ({ url: `/api/v1/database/${databaseId}/function_names/` }),
      rawResponseSchema: functionNamesResponseSchema,
      transformResponse: (response) => response.function_names,
    }),
  }),
});

// Mutations are dispatched from thunks (run/), which read the state they need when they run.
export const { useGetSqlLabDatabasesQuery, useGetEditorQueryHistoryQuery, useGetFunctionNamesQuery } =
  sqlLabApi;
