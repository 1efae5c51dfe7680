import Database from 'better-sqlite3';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineDatabases, type EngineDatabases } from './engine-databases';
import { startTestServer, withPgAdmin, type TestServer } from './harness';
import {
  clientId,
  createDatabase,
  errorOf,
  examplesDatabaseId,
  queryDict,
  runSql,
  waitFor,
  type ExecuteBody,
  type QueryDictBody,
  type SupersetErrorBody,
} from './sqllab-support';

/** The suite's cap: about 10 KB, which a few hundred rows of the series below go over. */
const CAP_MB = 0.01;

/**
 * SQLLAB_PAYLOAD_MAX_MB (reference §2.2): a result whose payload is over the cap fails with
 * RESULT_TOO_LARGE_ERROR (issue 1041) and a failed query row, sync and async, and the run lets go
 * of its cursor and of the user's only slot.
 */
describe('SQL Lab payload cap', () => {
  let server: TestServer;
  let token: string;
  let engines: EngineDatabases;
  const ids: Record<'pg' | 'sqlite' | 'duckdb' | 'pgAsync', number> = {
    pg: 0,
    sqlite: 0,
    duckdb: 0,
    pgAsync: 0,
  };

  beforeAll(async () => {
    [engines, server] = await Promise.all([
      createEngineDatabases('sqllab_payload_cap', { pg: 'SELECT 1', my: 'SELECT 1' }),
      startTestServer('sqlite', {
        examples: true,
        // One slot per user: a run that kept its slot would leave the next query waiting.
        configFile: { constants: { SQLLAB_PAYLOAD_MAX_MB: CAP_MB }, user_max_running_queries: 1 },
      }),
    ]);
    token = await server.token();
    const liteFile = `${server.dataDir}/payload-cap.sqlite`;
    new Database(liteFile).close();
    ids.pg = await createDatabase(server, token, { database_name: 'pg', sqlalchemy_uri: engines.pgUri });
    ids.pgAsync = await createDatabase(server, token, {
      database_name: 'pg_async',
      sqlalchemy_uri: engines.pgUri,
      allow_run_async: true,
    });
    ids.sqlite = await createDatabase(server, token, {
      database_name: 'lite',
      sqlalchemy_uri: `sqlite:///${liteFile}`,
    });
    ids.duckdb = await examplesDatabaseId(server, token);
  });

  afterAll(async () => {
    await server.close();
    await engines.drop();
  });

  const series: Record<'pg' | 'sqlite' | 'duckdb', (n: number) => string> = {
    pg: (n) => `SELECT g AS n, 'row ' || g AS label FROM generate_series(1, ${n}) AS g`,
    sqlite: (n) =>
      `WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < ${n})
       SELECT g AS n, 'row ' || g AS label FROM s`,
    duckdb: (n) => `SELECT range + 1 AS n, 'row ' || (range + 1) AS label FROM range(${n})`,
  };

  const expectTooLarge = (error: SupersetErrorBody['errors'][number]): void => {
    expect(error.error_type).toBe('RESULT_TOO_LARGE_ERROR');
    expect(error.level).toBe('error');
    expect(error.extra.issue_codes?.map((issue) => issue.code)).toEqual([1041]);
    expect(error.message).toContain(`${CAP_MB} MB`);
    expect(error.message).toMatch(/The query result is (more than )?0\.\d+ MB/);
  };

  const pgActive = async (needle: string): Promise<number> => {
    const rows = await withPgAdmin((client: pg.Client) =>
      client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = $1 AND state <> 'idle' AND query LIKE $2 AND pid <> pg_backend_pid()`,
        [engines.name, `%${needle}%`],
      ),
    );
    return rows.rows[0]?.n ?? -1;
  };

  for (const engine of ['pg', 'sqlite', 'duckdb'] as const) {
    it(`fails a sync result over the cap on ${engine}, then runs the next query`, async () => {
      const big = clientId(`b${engine}`);
      const response = await runSql(server, token, {
        database_id: ids[engine],
        sql: series[engine](5000),
        queryLimit: 5000,
        client_id: big,
      });
      expect(response.statusCode, response.body).toBe(400);
      const error = errorOf(response);
      expectTooLarge(error);
      const failed = await queryDict(server, token, big);
      expect(failed).toMatchObject({ state: 'failed', errorMessage: error.message, resultsKey: null });
      expect(failed?.extra.errors).toEqual([error]);

      // The only slot of this user is free again, and a result under the cap streams as usual.
      const small = clientId(`s${engine}`);
      const ok = await runSql(server, token, {
        database_id: ids[engine],
        sql: series[engine](20),
        queryLimit: 100,
        client_id: small,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const body = ok.json<ExecuteBody>();
      expect(body.status).toBe('success');
      expect(body.data).toHaveLength(20);
      expect(body.data[19]).toEqual({ n: 20, label: 'row 20' });
      expect(body.query).toMatchObject({ state: 'success', rows: 20 });
    });
  }

  it('lets the cursor go on PostgreSQL once over the cap', async () => {
    const needle = `cap_cursor_${String(process.pid)}`;
    const response = await runSql(server, token, {
      database_id: ids.pg,
      sql: `SELECT g AS n, '${needle}' AS label FROM generate_series(1, 200000) AS g`,
      queryLimit: 100_000,
      client_id: clientId('cur'),
    });
    expect(response.statusCode).toBe(400);
    expectTooLarge(errorOf(response));
    expect(await waitFor('the statement to end', async () => (await pgActive(needle)) === 0)).toBe(true);
  });

  it('holds a result of several batches under the cap and streams it whole', async () => {
    const constants = server.ctx.config.constants;
    constants.SQLLAB_PAYLOAD_MAX_MB = 1;
    try {
      // 4500 rows: three batches of the cursor, all held, then written out in order.
      const id = clientId('held');
      const response = await runSql(server, token, {
        database_id: ids.pg,
        sql: series.pg(5000),
        queryLimit: 4500,
        client_id: id,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ExecuteBody>();
      expect(body.status).toBe('success');
      expect(body.data).toHaveLength(4500);
      expect(body.data.map((row) => row.n)).toEqual(Array.from({ length: 4500 }, (_, i) => i + 1));
      expect(body.query).toMatchObject({ state: 'success', rows: 4500, limitingFactor: 'DROPDOWN' });
      const key = body.query.resultsKey ?? '';
      expect(key).not.toBe('');

      // The stored copy is read back under the cap it was made with; a lower cap refuses it whole
      // but still answers the rows a caller can take.
      const fetchRows = (rows?: number) =>
        server.request(
          'GET',
          `/api/v1/sqllab/results/?q=${encodeURIComponent(
            rows === undefined ? `(key:'${key}')` : `(key:'${key}',rows:${rows})`,
          )}`,
          { token },
        );
      expect((await fetchRows()).json<ExecuteBody>().data).toHaveLength(4500);
      constants.SQLLAB_PAYLOAD_MAX_MB = CAP_MB;
      const refused = await fetchRows();
      expect(refused.statusCode).toBe(400);
      expectTooLarge(errorOf(refused));
      const few = await fetchRows(10);
      expect(few.statusCode, few.body).toBe(200);
      expect(few.json<ExecuteBody>().data).toHaveLength(10);
    } finally {
      constants.SQLLAB_PAYLOAD_MAX_MB = CAP_MB;
    }
  });

  const runAsync = async (sql: string): Promise<QueryDictBody> => {
    const id = clientId('async');
    const response = await runSql(server, token, {
      database_id: ids.pgAsync,
      sql,
      runAsync: true,
      queryLimit: 5000,
      client_id: id,
    });
    expect(response.statusCode, response.body).toBe(202);
    return await waitFor('the async run to end', async () => {
      const dict = await queryDict(server, token, id);
      return dict && ['success', 'failed', 'timed_out', 'stopped'].includes(dict.state) ? dict : null;
    });
  };

  it('fails an async result over the cap, stores nothing, and runs the next one', async () => {
    const failed = await runAsync(series.pg(5000));
    expect(failed).toMatchObject({ state: 'failed', resultsKey: null });
    const errors = (failed.extra as { errors?: SupersetErrorBody['errors'] }).errors ?? [];
    expect(errors).toHaveLength(1);
    const [error] = errors;
    if (!error) throw new Error('no error');
    expectTooLarge(error);
    // The whole result was read, so the message gives its size rather than a lower bound.
    expect(error.message).not.toContain('more than');
    expect(failed.errorMessage).toBe(error.message);

    const done = await runAsync(series.pg(20));
    expect(done).toMatchObject({ state: 'success', rows: 20 });
    const results = await server.request(
      'GET',
      `/api/v1/sqllab/results/?q=${encodeURIComponent(`(key:'${done.resultsKey ?? ''}')`)}`,
      { token },
    );
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json<ExecuteBody>().data).toHaveLength(20);
  });
});
