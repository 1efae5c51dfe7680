import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestServer } from './harness';

/** Helpers shared by the SQL Lab integration suites. */

export interface SupersetErrorBody {
  errors: {
    message: string;
    error_type: string;
    level: string;
    extra: Record<string, unknown> & { issue_codes?: { code: number; message: string }[] };
  }[];
}

export interface QueryDictBody {
  id: string;
  queryId: number;
  state: string;
  rows: number | null;
  limit: number | null;
  limitingFactor: string | null;
  resultsKey: string | null;
  errorMessage: string | null;
  progress: number;
  extra: Record<string, unknown>;
  executedSql: string | null;
  startDttm: number | null;
  endDttm: number | null;
}

export interface ExecuteBody {
  query_id: number;
  status: string;
  data: Record<string, unknown>[];
  columns: {
    column_name: string;
    name: string;
    type: string | null;
    type_generic: number | null;
    is_dttm: boolean;
  }[];
  selected_columns: unknown[];
  expanded_columns: unknown[];
  query: QueryDictBody;
  displayLimitReached?: boolean;
}

let counter = 0;
/** A fresh 11-character client id. */
export function clientId(prefix = 'c'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36)}`.slice(-11).padStart(11, 'x');
}

export function runSql(
  server: TestServer,
  token: string,
  body: Record<string, unknown>,
  query = '',
): Promise<LightMyRequestResponse> {
  return server.request('POST', `/api/v1/sqllab/execute/${query}`, { token, body });
}

export function errorOf(response: LightMyRequestResponse): SupersetErrorBody['errors'][number] {
  const body = response.json<SupersetErrorBody>();
  expect(body.errors).toHaveLength(1);
  const [error] = body.errors;
  if (!error) throw new Error('no error in body');
  return error;
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The caller's query with this client id, through the public list API. */
export async function findQuery(
  server: TestServer,
  token: string,
  id: string,
): Promise<
  { id: number; status: string; results_key: string | null; error_message: string | null } | undefined
> {
  const q = `(filters:!((col:client_id,opr:eq,value:'${id}')))`;
  const response = await server.request('GET', `/api/v1/query/?q=${encodeURIComponent(q)}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json<{
    result: { id: number; status: string; results_key: string | null; error_message: string | null }[];
  }>().result[0];
}

export async function queryDict(
  server: TestServer,
  token: string,
  id: string,
): Promise<QueryDictBody | undefined> {
  const response = await server.request('GET', '/api/v1/query/updated_since?q=(last_updated_ms:0)', {
    token,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ result: QueryDictBody[] }>().result.find((query) => query.id === id);
}

export async function createUser(
  server: TestServer,
  adminToken: string,
  username: string,
  roleName: string,
): Promise<string> {
  const roles = await server.request('GET', '/api/v1/security/roles/', { token: adminToken });
  const role = roles
    .json<{ result: { id: number; name: string }[] }>()
    .result.find((candidate) => candidate.name === roleName);
  if (!role) throw new Error(`no role ${roleName}`);
  const password = `${username}-password-123`;
  const created = await server.request('POST', '/api/v1/security/users/', {
    token: adminToken,
    body: {
      username,
      first_name: username,
      last_name: 'Tester',
      email: `${username}@example.com`,
      password,
      roles: [role.id],
    },
  });
  expect(created.statusCode).toBe(201);
  return server.token(username, password);
}

export async function createDatabase(
  server: TestServer,
  token: string,
  body: Record<string, unknown>,
): Promise<number> {
  const response = await server.request('POST', '/api/v1/database/', {
    token,
    body: { expose_in_sqllab: true, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** The id of the `examples` database of a server started with `examples: true`. */
export async function examplesDatabaseId(server: TestServer, token: string): Promise<number> {
  const list = await server.request('GET', '/api/v1/database/', { token });
  const found = list
    .json<{ result: { id: number; database_name: string }[] }>()
    .result.find((database) => database.database_name === 'examples');
  if (!found) throw new Error('examples database missing');
  return found.id;
}
