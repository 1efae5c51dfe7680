import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myAdminQuery } from './engine-admin';
import { createEngineDatabases, type EngineDatabases } from './engine-databases';
import { startTestServer, withPgAdmin, type TestServer } from './harness';
import {
  clientId,
  createDatabase,
  errorOf,
  queryDict,
  runSql,
  waitFor,
  type ExecuteBody,
} from './sqllab-support';

const ITEMS = 2500;

async function myActive(needle: string): Promise<number> {
  const rows = await myAdminQuery(
    `SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE '%${needle}%' AND INFO NOT LIKE '%PROCESSLIST%'`,
  );
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  return typeof first === 'object' && first !== null && 'n' in first ? Number(first.n) : -1;
}

describe('SQL Lab on PostgreSQL and MariaDB', () => {
  let server: TestServer;
  let token: string;
  let pgId: number;
  let pgDml: number;
  let myId: number;

  let engines: EngineDatabases;
  const pgQuery = <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
    engines.pg<T>(sql, params);
  /** Statements still running on the engine whose text contains `needle` (other than this probe). */
  const pgActive = async (needle: string): Promise<number> => {
    const rows = await withPgAdmin((client) =>
      client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = $1 AND state = 'active' AND query LIKE $2 AND pid <> pg_backend_pid()`,
        [engines.name, `%${needle}%`],
      ),
    );
    return rows.rows[0]?.n ?? -1;
  };

  beforeAll(async () => {
    // The engines' fixtures and the server are independent: build them side by side.
    [engines, server] = await Promise.all([
      createEngineDatabases('sqllab_engines', {
        pg: `
          CREATE TABLE typed (i integer, n numeric(10,2), t text, d date, ts timestamp, b boolean);
          INSERT INTO typed VALUES (1, 2.50, 'one', '2024-01-02', '2024-01-02 03:04:05', true),
                                   (2, 3.75, 'two', '2024-02-03', '2024-02-03 04:05:06', false);
          CREATE TABLE items (n integer PRIMARY KEY, label text);
          INSERT INTO items SELECT g, 'item ' || g FROM generate_series(1, ${ITEMS}) g;
          CREATE SEQUENCE counter;
          CREATE TABLE scratch (x integer);
        `,
        my: `
          CREATE TABLE typed (i INT, n DECIMAL(10,2), t VARCHAR(20), d DATE, ts DATETIME, b BOOLEAN);
          INSERT INTO typed VALUES (1, 2.50, 'one', '2024-01-02', '2024-01-02 03:04:05', TRUE),
                                   (2, 3.75, 'two', '2024-02-03', '2024-02-03 04:05:06', FALSE);
        `,
      }),
      startTestServer('sqlite'),
    ]);
    token = await server.token();
    pgId = await createDatabase(server, token, { database_name: 'pg', sqlalchemy_uri: engines.pgUri });
    pgDml = await createDatabase(server, token, {
      database_name: 'pg_dml',
      sqlalchemy_uri: engines.pgUri,
      allow_dml: true,
      allow_ctas: true,
    });
    myId = await createDatabase(server, token, { database_name: 'maria', sqlalchemy_uri: engines.myUri });
  });

  afterAll(async () => {
    await server.close();
    await engines.drop();
  });

  const run = (database: number, sql: string, extra: Record<string, unknown> = {}) =>
    runSql(server, token, { database_id: database, sql, queryLimit: 1000, ...extra });

  it('types PostgreSQL results', async () => {
    const response = await run(pgId, 'SELECT i, n, t, d, ts, b FROM typed ORDER BY i');
    expect(response.statusCode).toBe(200);
    const body = response.json<ExecuteBody>();
    expect(body.columns.map((c) => [c.name, c.type_generic, c.is_dttm])).toEqual([
      ['i', 0, false],
      ['n', 0, false],
      ['t', 1, false],
      ['d', 2, true],
      ['ts', 2, true],
      ['b', 3, false],
    ]);
    expect(body.data[0]).toEqual({
      i: 1,
      n: 2.5,
      t: 'one',
      d: '2024-01-02',
      ts: '2024-01-02T03:04:05',
      b: true,
    });
  });

  it('types MariaDB results (BOOLEAN is TINYINT there, hence numeric)', async () => {
    const response = await run(myId, 'SELECT i, n, t, d, ts, b FROM typed ORDER BY i');
    expect(response.statusCode).toBe(200);
    const body = response.json<ExecuteBody>();
    expect(body.columns.map((c) => [c.name, c.type, c.type_generic, c.is_dttm])).toEqual([
      ['i', 'INT', 0, false],
      ['n', 'DECIMAL', 0, false],
      ['t', 'VARCHAR', 1, false],
      ['d', 'DATE', 2, true],
      ['ts', 'DATETIME', 2, true],
      ['b', 'TINYINT', 0, false],
    ]);
    expect(body.data[1]).toEqual({
      i: 2,
      n: 3.75,
      t: 'two',
      d: '2024-02-03',
      ts: '2024-02-03T04:05:06',
      b: 0,
    });
  });

  it('maps engine errors with issue codes and the engine name', async () => {
    const column = await run(pgId, 'SELECT nope FROM typed');
    expect(column.statusCode).toBe(400);
    expect(errorOf(column)).toMatchObject({
      error_type: 'COLUMN_DOES_NOT_EXIST_ERROR',
      extra: { engine_name: 'PostgreSQL' },
    });
    const syntax = await run(myId, 'SELECT FROM WHERE');
    expect(syntax.statusCode).toBe(400);
    expect(errorOf(syntax).extra.engine_name).toBe('MySQL');
  });

  it('refuses DML on both engines and the rows stay', async () => {
    for (const [database, sql] of [
      [pgId, 'UPDATE typed SET i = 0'],
      [pgId, 'WITH gone AS (DELETE FROM typed RETURNING *) SELECT * FROM gone'],
      [pgId, 'SELECT 1; DROP TABLE typed'],
      [myId, 'DELETE FROM typed'],
      [myId, 'SELECT 1; DROP TABLE typed'],
    ] as const) {
      const response = await run(database, sql);
      expect(response.statusCode, sql).toBe(422);
      expect(errorOf(response).error_type, sql).toBe('DML_NOT_ALLOWED_ERROR');
    }
    expect(await pgQuery('SELECT i FROM typed ORDER BY i')).toEqual([{ i: 1 }, { i: 2 }]);
    const maria = await run(myId, 'SELECT count(*) AS c, sum(i) AS s FROM typed');
    expect(maria.json<ExecuteBody>().data[0]).toMatchObject({ c: 2 });
  });

  it('refuses writes on the engine too when a statement passes the parser', async () => {
    // nextval() looks like a read to any parser; the read-only transaction refuses it.
    const response = await run(pgId, "SELECT nextval('counter')");
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).error_type).toBe('DML_NOT_ALLOWED_ERROR');
    expect(await pgQuery('SELECT last_value, is_called FROM counter')).toEqual([
      { last_value: '1', is_called: false },
    ]);
  });

  it('refuses pg_read_file and friends', async () => {
    for (const sql of ["SELECT pg_read_file('/etc/passwd')", "SELECT lo_import('/etc/passwd')"]) {
      const response = await run(pgId, sql);
      expect(response.statusCode, sql).toBe(422);
      expect(errorOf(response).error_type).toBe('SYNTAX_ERROR');
    }
    const maria = await run(myId, "SELECT LOAD_FILE('/etc/passwd')");
    expect(maria.statusCode).toBe(422);
  });

  it('runs scripts on one session where DML is allowed, and CTAS where it is allowed', async () => {
    const script = await run(pgDml, 'INSERT INTO scratch VALUES (1), (2); SELECT count(*) AS c FROM scratch');
    expect(script.statusCode, script.body).toBe(200);
    expect(script.json<ExecuteBody>().data).toEqual([{ c: 2 }]);
    const temp = await run(pgDml, 'CREATE TEMP TABLE t1 AS SELECT 5 AS v; SELECT v FROM t1');
    expect(temp.json<ExecuteBody>().data).toEqual([{ v: 5 }]);

    const ctas = await run(pgDml, 'SELECT n FROM items WHERE n <= 10', {
      select_as_cta: true,
      ctas_method: 'TABLE',
      tmp_table_name: 'ctas_out',
    });
    expect(ctas.statusCode, ctas.body).toBe(200);
    expect(ctas.json<ExecuteBody>().query).toMatchObject({ ctas: true, tempTable: 'ctas_out' });
    expect(await pgQuery('SELECT count(*)::int AS c FROM ctas_out')).toEqual([{ c: 10 }]);

    const cvas = await run(pgDml, 'SELECT 1', {
      select_as_cta: true,
      ctas_method: 'VIEW',
      tmp_table_name: 'v1',
    });
    expect(cvas.statusCode).toBe(422);
    expect(errorOf(cvas).error_type).toBe('INVALID_CVAS_QUERY_ERROR');
    const notSelect = await run(pgDml, 'SELECT 1; DELETE FROM scratch', {
      select_as_cta: true,
      tmp_table_name: 'x2',
    });
    expect(notSelect.statusCode).toBe(422);
    expect(errorOf(notSelect).error_type).toBe('INVALID_CTAS_QUERY_ERROR');
    const refused = await run(pgId, 'SELECT 1', { select_as_cta: true, tmp_table_name: 'x3' });
    expect(errorOf(refused).error_type).toBe('INVALID_CTAS_QUERY_ERROR');
  });

  it('times a sync query out with 408 and cancels it on the engine', async () => {
    const constants = server.ctx.config.constants;
    const saved = constants.SQLLAB_TIMEOUT;
    constants.SQLLAB_TIMEOUT = 1;
    try {
      const id = clientId('timeout');
      const response = await run(pgId, 'SELECT pg_sleep(30) AS slept', { client_id: id });
      expect(response.statusCode).toBe(408);
      const error = errorOf(response);
      expect(error.error_type).toBe('BACKEND_TIMEOUT_ERROR');
      expect(error.extra.timeout).toBe(1);
      expect(error.extra.issue_codes?.map((issue) => issue.code)).toEqual([1000, 1001]);
      expect((await queryDict(server, token, id))?.state).toBe('timed_out');
      expect(await pgActive('pg_sleep(30) AS slept')).toBe(0);
    } finally {
      constants.SQLLAB_TIMEOUT = saved;
    }
  });

  it('stops a running PostgreSQL query on the engine', async () => {
    const id = clientId('stop');
    const pending = run(pgId, 'SELECT pg_sleep(30) AS stop_me', { client_id: id });
    await waitFor('pg_sleep running', async () => (await pgActive('pg_sleep(30) AS stop_me')) === 1);
    // The same client id while it runs is the same query (reference §2.2 idempotency).
    const repeat = await run(pgId, 'SELECT pg_sleep(30) AS stop_me', { client_id: id });
    expect(repeat.statusCode).toBe(202);
    expect(repeat.json<{ query: { id: string; state: string } }>().query).toMatchObject({
      id,
      state: 'running',
    });

    const stop = await server.request('POST', '/api/v1/query/stop', { token, body: { client_id: id } });
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toEqual({ result: 'OK' });
    const response = await pending;
    expect(response.statusCode).toBe(200);
    expect(response.json<ExecuteBody>()).toMatchObject({ status: 'stopped', data: [] });
    const dict = await queryDict(server, token, id);
    expect(dict?.state).toBe('stopped');
    expect(dict?.endDttm).toEqual(expect.any(Number));
    expect(await pgActive('pg_sleep(30) AS stop_me')).toBe(0);
  });

  it('stops a running MariaDB query with KILL QUERY', async () => {
    const id = clientId('mystop');
    const pending = run(myId, 'SELECT SLEEP(30) AS stop_me_too', { client_id: id });
    await waitFor('SLEEP running', async () => (await myActive('SLEEP(30) AS stop_me_too')) === 1);
    await server.request('POST', '/api/v1/query/stop', { token, body: { client_id: id } });
    const response = await pending;
    expect(response.json<ExecuteBody>().status).toBe('stopped');
    await waitFor('SLEEP gone', async () => (await myActive('SLEEP(30) AS stop_me_too')) === 0, 5000);
  });

  it('estimates costs with EXPLAIN on PostgreSQL and MariaDB', async () => {
    const pgCost = await server.request('POST', '/api/v1/sqllab/estimate/', {
      token,
      body: { database_id: pgId, sql: 'SELECT * FROM items WHERE n > 10' },
    });
    expect(pgCost.statusCode, pgCost.body).toBe(200);
    const [pgItem] = pgCost.json<{ result: Record<string, unknown>[] }>().result;
    expect(pgItem?.['Total cost']).toEqual(expect.any(Number));
    expect(pgItem?.['Estimated rows']).toEqual(expect.any(Number));
    const myCost = await server.request('POST', '/api/v1/sqllab/estimate/', {
      token,
      body: { database_id: myId, sql: 'SELECT * FROM typed' },
    });
    expect(myCost.statusCode, myCost.body).toBe(200);
    expect(myCost.json<{ result: Record<string, unknown>[] }>().result[0]?.['Estimated rows']).toEqual(
      expect.any(Number),
    );
  });

  it('exports a PostgreSQL result as CSV', async () => {
    const id = clientId('pgcsv');
    const ran = await run(pgId, 'SELECT n, label FROM items ORDER BY n', {
      client_id: id,
      queryLimit: 100_000,
    });
    expect(ran.json<ExecuteBody>().query.rows).toBe(ITEMS);
    const response = await server.request('GET', `/api/v1/sqllab/export/${id}/`, { token });
    expect(response.statusCode).toBe(200);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('n,label');
    expect(lines[1]).toBe('1,item 1');
    expect(lines[ITEMS]).toBe(`${ITEMS},item ${ITEMS}`);
    expect(lines).toHaveLength(ITEMS + 2);
  });
});
