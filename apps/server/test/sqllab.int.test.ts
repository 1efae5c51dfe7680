import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import {
  clientId,
  createDatabase,
  createUser,
  errorOf,
  findQuery,
  queryDict,
  runSql,
  waitFor,
  type ExecuteBody,
  type QueryDictBody,
} from './sqllab-support';

describe.each(METADATA_BACKENDS)('SQL Lab on %s metadata', (backend) => {
  let server: TestServer;
  let token: string;
  let examples: number;
  let birthNamesCount: number;

  const run = (body: Record<string, unknown>, query = '') =>
    runSql(server, token, { database_id: examples, queryLimit: 1000, ...body }, query);

  beforeAll(async () => {
    server = await startTestServer(backend, { examples: true });
    token = await server.token();
    const list = await server.request('GET', '/api/v1/database/', { token });
    const found = list
      .json<{ result: { id: number; database_name: string }[] }>()
      .result.find((database) => database.database_name === 'examples');
    if (!found) throw new Error('examples database missing');
    examples = found.id;
    const count = await run({ sql: 'SELECT count(*) AS n FROM birth_names' });
    birthNamesCount = Number(count.json<ExecuteBody>().data[0]?.n);
  });

  afterAll(async () => {
    await server.close();
  });

  describe('running SQL', () => {
    it('reads 1000 rows of birth_names limited by the dropdown', async () => {
      const id = clientId('bn');
      const response = await run({ sql: 'SELECT * FROM birth_names', client_id: id, tab: 'Names' });
      expect(response.statusCode).toBe(200);
      const body = response.json<ExecuteBody>();
      expect(birthNamesCount).toBeGreaterThan(1000);
      expect(body.status).toBe('success');
      expect(body.data).toHaveLength(1000);
      expect(body.query).toMatchObject({
        id,
        state: 'success',
        rows: 1000,
        limit: 1000,
        limitingFactor: 'DROPDOWN',
        progress: 100,
        tab: 'Names',
      });
      expect(body.displayLimitReached).toBeUndefined();
      const columns = Object.fromEntries(body.columns.map((column) => [column.name, column]));
      expect(columns.ds).toMatchObject({ type_generic: 2, is_dttm: true });
      expect(columns.name).toMatchObject({ type_generic: 1, is_dttm: false });
      expect(columns.num).toMatchObject({ type_generic: 0, is_dttm: false });
      expect(body.selected_columns).toEqual(body.columns);
      expect(body.expanded_columns).toEqual([]);
      expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(body.columns.map((c) => c.name).sort());
      expect(typeof body.query.startDttm).toBe('number');
      expect(body.query.endDttm).toBeGreaterThanOrEqual(body.query.startDttm ?? 0);
    });

    it('reports QUERY when the SQL LIMIT is smaller than the dropdown', async () => {
      const body = (await run({ sql: 'SELECT name FROM birth_names LIMIT 5' })).json<ExecuteBody>();
      expect(body.data).toHaveLength(5);
      expect(body.query.limitingFactor).toBe('QUERY');
      expect(body.query.limit).toBe(5);
    });

    it('reports NOT_LIMITED when fewer rows than the limit come back, DROPDOWN when one more exists', async () => {
      const sql = 'SELECT * FROM (VALUES (1), (2), (3)) AS t(x)';
      const loose = (await run({ sql, queryLimit: 4 })).json<ExecuteBody>();
      expect(loose.data).toHaveLength(3);
      expect(loose.query.limitingFactor).toBe('NOT_LIMITED');
      const exact = (await run({ sql, queryLimit: 3 })).json<ExecuteBody>();
      expect(exact.query.limitingFactor).toBe('NOT_LIMITED');
      const cut = (await run({ sql, queryLimit: 2 })).json<ExecuteBody>();
      expect(cut.data).toEqual([{ x: 1 }, { x: 2 }]);
      expect(cut.query.limitingFactor).toBe('DROPDOWN');
    });

    it('caps the limit at SQL_MAX_ROW', async () => {
      const body = (
        await run({ sql: 'SELECT name FROM birth_names', queryLimit: 10_000_000 })
      ).json<ExecuteBody>();
      expect(body.query.limit).toBe(server.ctx.config.constants.SQL_MAX_ROW);
    });

    it('cuts the rows sent at DISPLAY_MAX_ROW and says so', async () => {
      const constants = server.ctx.config.constants;
      const saved = constants.DISPLAY_MAX_ROW;
      constants.DISPLAY_MAX_ROW = 100;
      try {
        const body = (await run({ sql: 'SELECT * FROM birth_names' })).json<ExecuteBody>();
        expect(body.data).toHaveLength(100);
        expect(body.displayLimitReached).toBe(true);
        expect(body.query.rows).toBe(1000);
      } finally {
        constants.DISPLAY_MAX_ROW = saved;
      }
    });

    it('runs scripts statement by statement and returns the last result', async () => {
      const body = (await run({ sql: 'SELECT 1 AS a;\nSELECT 2 AS b, 3 AS c;' })).json<ExecuteBody>();
      expect(body.data).toEqual([{ b: 2, c: 3 }]);
      expect(body.query.executedSql).toBe('SELECT 1 AS a;\nSELECT 2 AS b, 3 AS c');
    });

    it('names the failing block of a script and classifies the engine error', async () => {
      const response = await run({ sql: 'SELECT 1; SELECT * FROM no_such_table; SELECT 2' });
      expect(response.statusCode).toBe(400);
      const error = errorOf(response);
      expect(error.error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
      expect(error.message).toMatch(/^Statement 2 out of 3: /);
      expect(error.extra.engine_name).toBe('DuckDB');
      expect(error.extra.issue_codes?.map((issue) => issue.code)).toEqual([1003, 1005]);
    });

    it('keeps a failed query failed with its message and errors', async () => {
      const id = clientId('fail');
      const response = await run({ sql: 'SELECT no_such_column FROM birth_names', client_id: id });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).error_type).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
      const dict = await queryDict(server, token, id);
      expect(dict?.state).toBe('failed');
      expect(dict?.errorMessage).toBe(errorOf(response).message);
      expect(dict?.extra.errors).toEqual(response.json<{ errors: unknown[] }>().errors);
      expect(dict?.endDttm).toEqual(expect.any(Number));
    });

    it('makes repeated column labels unique', async () => {
      const body = (await run({ sql: 'SELECT 1 AS a, 2 AS a' })).json<ExecuteBody>();
      expect(body.columns.map((column) => column.name)).toEqual(['a', 'a__1']);
      expect(body.data).toEqual([{ a: 1, a__1: 2 }]);
    });

    it('treats a column called __proto__ as data', async () => {
      const body = (await run({ sql: 'SELECT 1 AS "__proto__", 2 AS "constructor"' })).json<ExecuteBody>();
      expect(body.data).toEqual([JSON.parse('{"__proto__":1,"constructor":2}')]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe('safety', () => {
    it('refuses DML without allow_dml and leaves the data alone', async () => {
      const id = clientId('dml');
      const response = await run({ sql: "DELETE FROM birth_names WHERE state = 'CA'", client_id: id });
      expect(response.statusCode).toBe(422);
      const error = errorOf(response);
      expect(error.error_type).toBe('DML_NOT_ALLOWED_ERROR');
      expect(error.extra.issue_codes?.[0]?.code).toBe(1022);
      expect((await findQuery(server, token, id))?.status).toBe('failed');
      const count = (await run({ sql: 'SELECT count(*) AS n FROM birth_names' })).json<ExecuteBody>();
      expect(Number(count.data[0]?.n)).toBe(birthNamesCount);
    });

    it('refuses a DROP hidden after a SELECT and the table stays', async () => {
      const response = await run({ sql: 'SELECT 1; DROP TABLE birth_names' });
      expect(response.statusCode).toBe(422);
      const error = errorOf(response);
      expect(error.error_type).toBe('DML_NOT_ALLOWED_ERROR');
      expect(error.message).toMatch(/Statement 2 out of 2/);
      const still = await run({ sql: 'SELECT count(*) AS n FROM birth_names' });
      expect(still.statusCode).toBe(200);
    });

    it('refuses file access through the deny-list', async () => {
      const response = await run({ sql: "SELECT * FROM read_csv('/etc/passwd')" });
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).error_type).toBe('SYNTAX_ERROR');
    });
  });

  describe('templates', () => {
    it('renders parameters and the Superset macros', async () => {
      const response = await run(
        {
          sql: "SELECT '{{ who }}' AS who, {{ n * 2 }} AS twice, '{{ current_username() }}' AS me, '{{ url_param('region') }}' AS region",
          templateParams: JSON.stringify({ who: 'world', n: 21 }),
        },
        '?region=emea',
      );
      expect(response.statusCode).toBe(200);
      expect(response.json<ExecuteBody>().data).toEqual([
        { who: 'world', twice: 42, me: 'admin', region: 'emea' },
      ]);
    });

    it('names missing parameters', async () => {
      const id = clientId('tpl');
      const response = await run({
        sql: 'SELECT {{ a }} + {{ b }}',
        templateParams: '{"a": 1}',
        client_id: id,
      });
      expect(response.statusCode).toBe(422);
      const error = errorOf(response);
      expect(error.error_type).toBe('MISSING_TEMPLATE_PARAMS_ERROR');
      expect(error.extra.undefined_parameters).toEqual(['b']);
      expect(error.extra.issue_codes?.[0]?.code).toBe(1006);
      expect((await findQuery(server, token, id))?.status).toBe('failed');
    });

    it('refuses malformed parameters', async () => {
      const response = await run({ sql: 'SELECT {{ a }}', templateParams: '[1,2' });
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).error_type).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
    });

    it.each([
      "{{ ''.__class__.__mro__[1].__subclasses__() }}",
      "{{ constructor.constructor('return process')().exit(1) }}",
      "{{ cycler.__init__.__globals__.os.popen('id').read() }}",
      "{{ ''['constructor']['constructor']('return globalThis')() }}",
      '{{ self.__init__.__globals__ }}',
      '{% set x = namespace.__proto__ %}{{ x }}',
    ])('stops the injection payload %s', async (payload) => {
      const response = await run({ sql: `SELECT '${payload}' AS x` });
      expect([200, 422]).toContain(response.statusCode);
      if (response.statusCode === 200) {
        const value = JSON.stringify(response.json<ExecuteBody>().data[0]?.x ?? '');
        expect(value).not.toMatch(/process|function|native code|uid=/i);
      } else {
        expect(['INVALID_TEMPLATE_PARAMS_ERROR', 'MISSING_TEMPLATE_PARAMS_ERROR']).toContain(
          errorOf(response).error_type,
        );
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe('malformed requests', () => {
    it.each([
      ['no sql', { database_id: 1 }],
      ['no database', { sql: 'SELECT 1' }],
      ['a string database id', { database_id: 'x', sql: 'SELECT 1' }],
      ['an unknown field', { database_id: 1, sql: 'SELECT 1', drop: true }],
      ['a long client id', { database_id: 1, sql: 'SELECT 1', client_id: 'x'.repeat(12) }],
      ['a negative limit', { database_id: 1, sql: 'SELECT 1', queryLimit: -1 }],
      ['a bad ctas method', { database_id: 1, sql: 'SELECT 1', ctas_method: 'INDEX' }],
    ])('answers %s with 400 and field messages', async (_label, body) => {
      const response = await runSql(server, token, body);
      expect(response.statusCode).toBe(400);
      expect(typeof response.json<{ message: unknown }>().message).toBe('object');
    });

    it('answers broken JSON and empty bodies with 400', async () => {
      const broken = await server.request('POST', '/api/v1/sqllab/execute/', { token, rawBody: '{"sql": ' });
      expect(broken.statusCode).toBe(400);
      const empty = await server.request('POST', '/api/v1/sqllab/execute/', { token, rawBody: '[]' });
      expect(empty.statusCode).toBe(400);
    });

    it('answers an unknown database with 404', async () => {
      const response = await runSql(server, token, { database_id: 987654, sql: 'SELECT 1' });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).error_type).toBe('DATABASE_NOT_FOUND_ERROR');
    });

    it('refuses databases hidden from SQL Lab and users without SQL Lab access', async () => {
      const hidden = await createDatabase(server, token, {
        database_name: 'examples_hidden',
        sqlalchemy_uri: 'duckdb:///examples.duckdb',
        expose_in_sqllab: false,
      });
      const response = await runSql(server, token, { database_id: hidden, sql: 'SELECT 1' });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
      const bootstrap = await server.request('GET', '/api/v1/sqllab/', { token });
      expect(Object.keys(bootstrap.json<{ result: { databases: object } }>().result.databases)).not.toContain(
        String(hidden),
      );
      const gamma = await createUser(server, token, `gamma_${backend}`, 'Gamma');
      const refused = await runSql(server, gamma, { database_id: examples, sql: 'SELECT 1' });
      expect(refused.statusCode).toBe(403);
      const list = await server.request('GET', '/api/v1/query/', { token: gamma });
      expect(list.statusCode).toBe(403);
    });

    it('needs a login', async () => {
      const response = await server.request('POST', '/api/v1/sqllab/execute/', {
        body: { database_id: examples, sql: 'SELECT 1' },
      });
      expect(response.statusCode).toBe(401);
    });

    it('answers bad rison and bad keys on the query endpoints with 4xx', async () => {
      for (const url of [
        '/api/v1/query/updated_since?q=(((',
        '/api/v1/query/updated_since?q=(last_updated_ms:x)',
        '/api/v1/sqllab/results/?q=(rows:5)',
        "/api/v1/query/?q=(filters:!((col:password,opr:eq,value:'x')))",
        '/api/v1/query/?q=(order_column:password)',
        '/api/v1/query/abc',
      ]) {
        const response = await server.request('GET', url, { token });
        expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, url).toBeLessThan(500);
      }
      const stop = await server.request('POST', '/api/v1/query/stop', { token, body: { id: 5 } });
      expect(stop.statusCode).toBe(400);
    });
  });

  describe('a repeated client id', () => {
    it('runs a finished query again under the same id', async () => {
      const id = clientId('again');
      const first = (await run({ sql: 'SELECT 1 AS v', client_id: id })).json<ExecuteBody>();
      const second = (await run({ sql: 'SELECT 2 AS v', client_id: id })).json<ExecuteBody>();
      expect(second.query_id).toBe(first.query_id);
      expect(second.data).toEqual([{ v: 2 }]);
    });
  });

  describe('async runs without Redis (in-process queue)', () => {
    let asyncDb: number;
    beforeAll(async () => {
      asyncDb = await createDatabase(server, token, {
        database_name: 'examples_async',
        sqlalchemy_uri: 'duckdb:///examples.duckdb',
        allow_run_async: true,
      });
    });

    it('goes pending, then success, and the results come back by key', async () => {
      const id = clientId('async');
      const response = await runSql(server, token, {
        database_id: asyncDb,
        sql: 'SELECT name, num FROM birth_names ORDER BY num DESC, name',
        runAsync: true,
        queryLimit: 50,
        client_id: id,
      });
      expect(response.statusCode).toBe(202);
      const accepted = response.json<{ query: QueryDictBody }>().query;
      expect(accepted.id).toBe(id);
      expect(['pending', 'running', 'success']).toContain(accepted.state);
      const done = await waitFor('async success', async () => {
        const dict = await queryDict(server, token, id);
        return dict?.state === 'success' && dict.resultsKey ? dict : null;
      });
      expect(done).toMatchObject({ rows: 50, limitingFactor: 'DROPDOWN', progress: 100 });
      const results = await server.request(
        'GET',
        `/api/v1/sqllab/results/?q=${encodeURIComponent(`(key:'${done.resultsKey ?? ''}',rows:20)`)}`,
        { token },
      );
      expect(results.statusCode).toBe(200);
      const body = results.json<ExecuteBody>();
      expect(body.data).toHaveLength(20);
      expect(body.displayLimitReached).toBe(true);
      expect(body.query.rows).toBe(50);
      expect(body.query.state).toBe('success');
      const all = await server.request(
        'GET',
        `/api/v1/sqllab/results/?q=${encodeURIComponent(`(key:'${done.resultsKey ?? ''}')`)}`,
        { token },
      );
      expect(all.json<ExecuteBody>().data).toHaveLength(50);
    });

    it('runs a sync request on an async database synchronously when runAsync is off', async () => {
      const response = await runSql(server, token, { database_id: asyncDb, sql: 'SELECT 1 AS one' });
      expect(response.statusCode).toBe(200);
    });

    it('fails an async query at once when its SQL is refused', async () => {
      const response = await runSql(server, token, {
        database_id: asyncDb,
        sql: 'DROP TABLE birth_names',
        runAsync: true,
      });
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).error_type).toBe('DML_NOT_ALLOWED_ERROR');
    });
  });

  describe('results backend', () => {
    it('keeps sync results under a key and answers 410 once they expire', async () => {
      const constants = server.ctx.config.constants;
      const saved = constants.CACHE_DEFAULT_TIMEOUT;
      constants.CACHE_DEFAULT_TIMEOUT = 1;
      try {
        const id = clientId('exp');
        await run({ sql: 'SELECT 7 AS seven', client_id: id });
        const key = await waitFor(
          'results key',
          async () => (await queryDict(server, token, id))?.resultsKey,
        );
        const url = `/api/v1/sqllab/results/?q=${encodeURIComponent(`(key:'${key}')`)}`;
        const fresh = await server.request('GET', url, { token });
        expect(fresh.statusCode).toBe(200);
        expect(fresh.json<ExecuteBody>().data).toEqual([{ seven: 7 }]);
        const gone = await waitFor(
          'expiry',
          async () => {
            const response = await server.request('GET', url, { token });
            return response.statusCode === 410 ? response : null;
          },
          10_000,
          250,
        );
        expect(errorOf(gone).error_type).toBe('RESULTS_BACKEND_ERROR');
      } finally {
        constants.CACHE_DEFAULT_TIMEOUT = saved;
      }
    });

    it('answers 404 for a key no query owns', async () => {
      const response = await server.request(
        'GET',
        `/api/v1/sqllab/results/?q=${encodeURIComponent("(key:'00000000-0000-0000-0000-000000000000')")}`,
        { token },
      );
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).error_type).toBe('RESULTS_BACKEND_ERROR');
    });
  });

  describe('CSV export', () => {
    it('streams the query again as CSV with a BOM, a header and RFC 4180 quoting', async () => {
      const id = clientId('csv');
      await run({
        sql: `SELECT 1 AS n, 'a,b' AS comma, 'say "hi"' AS quote, 'two\nlines' AS multi, NULL AS nothing`,
        client_id: id,
        tab: 'My export',
      });
      const response = await server.request('GET', `/api/v1/sqllab/export/${id}/`, { token });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toContain(`filename="My export_${id}.csv"`);
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(response.rawPayload.toString('utf8').slice(1)).toBe(
        'n,comma,quote,multi,nothing\r\n1,"a,b","say ""hi""","two\nlines",\r\n',
      );
    });

    it('exports every row up to the query limit', async () => {
      const id = clientId('csvbig');
      await run({ sql: 'SELECT name, num FROM birth_names', client_id: id, queryLimit: 1500 });
      const response = await server.request('GET', `/api/v1/sqllab/export/${id}/`, { token });
      expect(response.statusCode).toBe(200);
      const lines = response.body.split('\r\n').filter((line) => line !== '');
      expect(lines).toHaveLength(1501);
    });

    it('answers an unknown client id with 404', async () => {
      const response = await server.request('GET', '/api/v1/sqllab/export/nope12345/', { token });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('query API', () => {
    let alice: string;
    let aliceQuery: string;
    let adminQuery: ExecuteBody;

    beforeAll(async () => {
      alice = await createUser(server, token, `alice_${backend}`, 'Alpha');
      aliceQuery = clientId('alice');
      const mine = await runSql(server, alice, {
        database_id: examples,
        sql: 'SELECT 42 AS answer',
        client_id: aliceQuery,
      });
      expect(mine.statusCode).toBe(200);
      adminQuery = (
        await run({ sql: 'SELECT 1 AS admin_only', client_id: clientId('adm') })
      ).json<ExecuteBody>();
    });

    it('shows users their own queries and Admin everyone', async () => {
      const asAlice = await server.request('GET', '/api/v1/query/?q=(page_size:100)', { token: alice });
      expect(asAlice.statusCode).toBe(200);
      const aliceList = asAlice.json<{
        count: number;
        result: { client_id: string; user: { first_name: string } }[];
      }>();
      expect(aliceList.result.map((item) => item.client_id)).toEqual([aliceQuery]);
      expect(aliceList.count).toBe(1);
      const asAdmin = await server.request('GET', '/api/v1/query/?q=(page_size:200)', { token });
      const adminList = asAdmin.json<{ count: number; result: { client_id: string }[] }>();
      expect(adminList.result.map((item) => item.client_id)).toContain(aliceQuery);
      expect(adminList.count).toBeGreaterThan(1);
    });

    it('filters, orders and pages the list', async () => {
      const filter = encodeURIComponent(
        "(filters:!((col:sql,opr:ct,value:'admin_only'),(col:status,opr:eq,value:success)),order_column:start_time,order_direction:desc)",
      );
      const response = await server.request('GET', `/api/v1/query/?q=${filter}`, { token });
      const body = response.json<{
        count: number;
        ids: number[];
        result: { sql: string; database: { id: number } }[];
      }>();
      expect(body.count).toBe(1);
      expect(body.ids).toEqual([adminQuery.query_id]);
      expect(body.result[0]?.database.id).toBe(examples);
      const byDb = encodeURIComponent(
        `(filters:!((col:database,opr:rel_o_m,value:${examples})),page:0,page_size:2)`,
      );
      const paged = await server.request('GET', `/api/v1/query/?q=${byDb}`, { token });
      const page = paged.json<{ count: number; result: unknown[] }>();
      expect(page.result).toHaveLength(2);
      expect(page.count).toBeGreaterThan(2);
      const since = encodeURIComponent(`(filters:!((col:start_time,opr:gt,value:${Date.now() + 60_000})))`);
      const none = await server.request('GET', `/api/v1/query/?q=${since}`, { token });
      expect(none.json<{ count: number }>().count).toBe(0);
    });

    it('shows a query by numeric id to its owner and Admin only', async () => {
      const own = await server.request('GET', `/api/v1/query/${adminQuery.query_id}`, { token });
      expect(own.statusCode).toBe(200);
      expect(own.json<{ id: number; result: { sql: string; status: string } }>().result).toMatchObject({
        sql: 'SELECT 1 AS admin_only',
        status: 'success',
      });
      const other = await server.request('GET', `/api/v1/query/${adminQuery.query_id}`, { token: alice });
      expect(other.statusCode).toBe(404);
      const missing = await server.request('GET', '/api/v1/query/99999999', { token });
      expect(missing.statusCode).toBe(404);
    });

    it('polls the caller’s queries changed since a time', async () => {
      // A user of its own: alice's earlier queries may still be updated (their results are stored after
      // the response), which would put them, rightly, in the answer too.
      const poller = await createUser(server, token, `poller_${backend}`, 'Alpha');
      const before = Date.now() - 1;
      const id = clientId('poll');
      await runSql(server, poller, { database_id: examples, sql: 'SELECT 3 AS three', client_id: id });
      const response = await server.request(
        'GET',
        `/api/v1/query/updated_since?q=(last_updated_ms:${before})`,
        {
          token: poller,
        },
      );
      const result = response.json<{ result: QueryDictBody[] }>().result;
      expect(result.map((query) => query.id)).toEqual([id]);
      expect(result[0]).toMatchObject({ state: 'success', rows: 1 });
      const future = await server.request(
        'GET',
        `/api/v1/query/updated_since?q=(last_updated_ms:${Date.now() + 60_000})`,
        { token: poller },
      );
      expect(future.json<{ result: unknown[] }>().result).toEqual([]);
    });

    it('does not let users read or export others’ results', async () => {
      const key = await waitFor('admin results key', async () => {
        const dict = await queryDict(server, token, adminQuery.query.id);
        return dict?.resultsKey;
      });
      const results = await server.request(
        'GET',
        `/api/v1/sqllab/results/?q=${encodeURIComponent(`(key:'${key}')`)}`,
        { token: alice },
      );
      expect(results.statusCode).toBe(404);
      const csv = await server.request('GET', `/api/v1/sqllab/export/${adminQuery.query.id}/`, {
        token: alice,
      });
      expect(csv.statusCode).toBe(404);
    });

    it('stops: unknown ids are 404, finished queries are left alone', async () => {
      const unknown = await server.request('POST', '/api/v1/query/stop', {
        token,
        body: { client_id: 'nosuchid' },
      });
      expect(unknown.statusCode).toBe(404);
      expect(typeof unknown.json<{ message: string }>().message).toBe('string');
      const finished = await server.request('POST', '/api/v1/query/stop', {
        token,
        body: { client_id: adminQuery.query.id },
      });
      expect(finished.json()).toEqual({ result: 'OK' });
      expect((await queryDict(server, token, adminQuery.query.id))?.state).toBe('success');
    });
  });

  describe('editor helpers', () => {
    it('bootstraps with the databases exposed in SQL Lab', async () => {
      const response = await server.request('GET', '/api/v1/sqllab/', { token });
      expect(response.statusCode).toBe(200);
      const body = response.json<{
        result: {
          tab_state_ids: unknown[];
          active_tab: unknown;
          databases: Record<string, { database_name: string; backend: string; allow_run_async: boolean }>;
        };
      }>();
      expect(body.result.tab_state_ids).toEqual([]);
      expect(body.result.active_tab).toBeNull();
      expect(body.result.databases[String(examples)]).toMatchObject({
        database_name: 'examples',
        backend: 'duckdb',
        allow_run_async: false,
      });
    });

    it('formats SQL in the database dialect', async () => {
      const response = await server.request('POST', '/api/v1/sqllab/format_sql/', {
        token,
        body: { sql: 'select a,b from t where x=1', database_id: examples },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ result: string }>().result).toBe('SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  x = 1');
      const generic = await server.request('POST', '/api/v1/sqllab/format_sql/', {
        token,
        body: { sql: 'select 1', engine: 'postgres' },
      });
      expect(generic.json<{ result: string }>().result).toBe('SELECT\n  1');
    });

    it('estimates the cost of every statement', async () => {
      const response = await server.request('POST', '/api/v1/sqllab/estimate/', {
        token,
        body: {
          database_id: examples,
          sql: 'SELECT 1; SELECT name FROM birth_names WHERE num > {{ n }}',
          template_params: { n: 5 },
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<{ result: { Plan?: string }[] }>().result;
      expect(result).toHaveLength(2);
      expect(result[1]?.Plan).toMatch(/birth_names|SEQ_SCAN/i);
      const refused = await server.request('POST', '/api/v1/sqllab/estimate/', {
        token,
        body: { database_id: examples, sql: 'DELETE FROM birth_names' },
      });
      expect(refused.statusCode).toBe(422);
    });

    it('lists function names for autocomplete', async () => {
      const response = await server.request('GET', `/api/v1/database/${examples}/function_names/`, { token });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ function_names: string[] }>().function_names).toContain('sum');
    });
  });
});
