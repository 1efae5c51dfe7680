import { connect } from 'node:net';
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
} from './sqllab-support';

/**
 * Sync results are streamed (modules/sqllab/streamed-run.ts): the body must stay the buffered
 * payload of reference §2.2, the caps must hold, and a run that fails or loses its client mid-body
 * must end cleanly.
 */
describe('SQL Lab streamed results', () => {
  let server: TestServer;
  let token: string;
  let engines: EngineDatabases;
  const ids: Record<'pg' | 'maria' | 'sqlite' | 'duckdb', number> = { pg: 0, maria: 0, sqlite: 0, duckdb: 0 };
  let saved: { display: number; max: number };

  /** Statements of this suite's database still running on PostgreSQL whose text holds `needle`. */
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

  beforeAll(async () => {
    [engines, server] = await Promise.all([
      createEngineDatabases('sqllab_stream', { pg: 'SELECT 1', my: 'SELECT 1' }),
      startTestServer('sqlite', { examples: true }),
    ]);
    token = await server.token();
    const liteFile = `${server.dataDir}/stream.sqlite`;
    new Database(liteFile).close();
    ids.pg = await createDatabase(server, token, { database_name: 'pg', sqlalchemy_uri: engines.pgUri });
    ids.maria = await createDatabase(server, token, {
      database_name: 'maria',
      sqlalchemy_uri: engines.myUri,
    });
    ids.sqlite = await createDatabase(server, token, {
      database_name: 'lite',
      sqlalchemy_uri: `sqlite:///${liteFile}`,
    });
    ids.duckdb = await examplesDatabaseId(server, token);
    const constants = server.ctx.config.constants;
    saved = { display: constants.DISPLAY_MAX_ROW, max: constants.SQL_MAX_ROW };
  });

  afterAll(async () => {
    const constants = server.ctx.config.constants;
    constants.DISPLAY_MAX_ROW = saved.display;
    constants.SQL_MAX_ROW = saved.max;
    await server.close();
    await engines.drop();
  });

  /** The app's port, listening from the first test that needs a real socket on. */
  const listening = async (): Promise<number> => {
    if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    return address.port;
  };

  const series: Record<keyof typeof ids, (n: number) => string> = {
    pg: (n) =>
      `SELECT g AS n, 'row ' || g AS label, g * 0.5 AS half, date '2024-01-01' + g AS day, g % 2 = 0 AS even
       FROM generate_series(1, ${n}) AS g`,
    // MariaDB's sequence engine: a recursive CTE stops at cte_max_recursion_depth (1000).
    maria: (n) =>
      `SELECT seq AS n, CONCAT('row ', seq) AS label, seq * 0.5 AS half,
              DATE_ADD('2024-01-01', INTERVAL seq DAY) AS day
       FROM seq_1_to_${n}`,
    sqlite: (n) =>
      `WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < ${n})
       SELECT g AS n, 'row ' || g AS label, g * 0.5 AS half, NULL AS blank FROM s`,
    duckdb: (n) =>
      `SELECT range + 1 AS n, 'row ' || (range + 1) AS label, (range + 1) * 0.5 AS half,
              DATE '2024-01-01' + CAST(range AS INTEGER) AS day
       FROM range(${n})`,
  };

  for (const engine of ['pg', 'maria', 'sqlite', 'duckdb'] as const) {
    it(`streams the buffered payload's JSON on ${engine}, within the row and display caps`, async () => {
      const constants = server.ctx.config.constants;
      constants.DISPLAY_MAX_ROW = 3000;
      try {
        const id = clientId(`s${engine}`);
        // 5000 rows, a 4500 row limit (read as 4501) and 3000 shown: several batches, both caps bite.
        const response = await runSql(server, token, {
          database_id: ids[engine],
          sql: series[engine](5000),
          queryLimit: 4500,
          client_id: id,
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        const body = response.json<ExecuteBody>();
        expect(body.status).toBe('success');
        expect(body.data).toHaveLength(3000);
        expect(body.displayLimitReached).toBe(true);
        expect(body.data[0]?.n).toBe(1);
        expect(body.data[2999]?.label).toBe('row 3000');
        expect(body.query).toMatchObject({ state: 'success', rows: 4500, limitingFactor: 'DROPDOWN' });
        const key = body.query.resultsKey;
        expect(key).toEqual(expect.any(String));

        // The same rows through the buffered payload builder (GET results) give the same JSON.
        const buffered = await server.request(
          'GET',
          `/api/v1/sqllab/results/?q=${encodeURIComponent(`(key:'${String(key)}',rows:3000)`)}`,
          { token },
        );
        expect(buffered.statusCode).toBe(200);
        expect(body).toEqual(buffered.json());
        // The results backend holds every row up to the limit, not only the shown ones.
        const whole = await server.request(
          'GET',
          `/api/v1/sqllab/results/?q=${encodeURIComponent(`(key:'${String(key)}')`)}`,
          { token },
        );
        const stored = whole.json<ExecuteBody>();
        expect(stored.data).toHaveLength(4500);
        expect(stored.data[4499]).toMatchObject({ n: 4500, label: 'row 4500' });
        expect(stored.displayLimitReached).toBeUndefined();
      } finally {
        constants.DISPLAY_MAX_ROW = saved.display;
      }
    });
  }

  it('caps rows at SQL_MAX_ROW and reports NOT_LIMITED when nothing was cut', async () => {
    const constants = server.ctx.config.constants;
    constants.SQL_MAX_ROW = 2500;
    try {
      const capped = (
        await runSql(server, token, { database_id: ids.pg, sql: series.pg(6000), queryLimit: 100_000 })
      ).json<ExecuteBody>();
      expect(capped.data).toHaveLength(2500);
      expect(capped.query).toMatchObject({ rows: 2500, limit: 2500, limitingFactor: 'DROPDOWN' });
      const whole = (
        await runSql(server, token, { database_id: ids.pg, sql: series.pg(2500), queryLimit: 100_000 })
      ).json<ExecuteBody>();
      expect(whole.data).toHaveLength(2500);
      expect(whole.query.limitingFactor).toBe('NOT_LIMITED');
      const empty = (
        await runSql(server, token, { database_id: ids.pg, sql: 'SELECT 1 AS one WHERE false' })
      ).json<ExecuteBody>();
      expect(empty).toMatchObject({ status: 'success', data: [] });
      expect(empty.columns.map((column) => column.name)).toEqual(['one']);
    } finally {
      constants.SQL_MAX_ROW = saved.max;
    }
  });

  it('answers an error in the first batch as an ordinary SIP-40 error', async () => {
    const id = clientId('early');
    const response = await runSql(server, token, {
      database_id: ids.pg,
      sql: 'SELECT g, 1 / (g - 5) AS boom FROM generate_series(1, 5000) AS g',
      client_id: id,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toMatch(/division by zero/);
    expect((await queryDict(server, token, id))?.state).toBe('failed');
  });

  it('ends the body with status failed and the error when a later batch fails', async () => {
    const id = clientId('late');
    // The first batch (500 rows) is sent before row 3000 is computed: the error comes mid-body.
    const response = await runSql(server, token, {
      database_id: ids.pg,
      sql: 'SELECT g, 1 / (g - 3000) AS boom FROM generate_series(1, 5000) AS g',
      queryLimit: 5000,
      client_id: id,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ExecuteBody & { errors?: { error_type: string; message: string }[] }>();
    expect(body.status).toBe('failed');
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThan(3000);
    expect(body.errors?.[0]?.message).toMatch(/division by zero/);
    expect(body.query).toMatchObject({ state: 'failed', resultsKey: null });
    expect(body.query.errorMessage).toMatch(/division by zero/);
  });

  it('reads no further from the cursor while the client does not read the body', async () => {
    const constants = server.ctx.config.constants;
    constants.SQL_MAX_ROW = 3_000_000;
    constants.DISPLAY_MAX_ROW = 3_000_000;
    // nextval runs as each row is fetched, and a sequence is seen at once from other sessions: its
    // value tells how far the server read the cursor.
    await engines.pg('CREATE SEQUENCE IF NOT EXISTS stream_pulled');
    const writable = await createDatabase(server, token, {
      database_name: 'pg_writable',
      sqlalchemy_uri: engines.pgUri,
      allow_dml: true,
    });
    const pulled = async (): Promise<number> => {
      const [row] = await engines.pg<{ n: string }>('SELECT last_value::text AS n FROM stream_pulled');
      return Number(row?.n ?? Number.NaN);
    };
    const port = await listening();
    try {
      const id = clientId('slow');
      const payload = JSON.stringify({
        database_id: writable,
        client_id: id,
        queryLimit: 3_000_000,
        sql: `SELECT nextval('stream_pulled') AS pulled, repeat('x', 200) AS pad FROM generate_series(1, 3000000) AS g`,
      });
      const socket = connect(port, '127.0.0.1');
      socket.write(
        `POST /api/v1/sqllab/execute/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
      );
      // Read until rows arrive, then stop reading (the socket stays open).
      await new Promise<void>((resolve, reject) => {
        let seen = '';
        socket.on('data', (chunk: Buffer) => {
          seen += chunk.toString('utf8');
          if (seen.includes('"pulled":')) {
            socket.pause();
            resolve();
          }
        });
        socket.on('error', reject);
      });
      // The run stalls once the socket's buffers are full: two readings in a row agree.
      let last = -1;
      const stalledAt = await waitFor(
        'the run to stall',
        async () => {
          const now = await pulled();
          const same = now === last;
          last = now;
          return same ? now : null;
        },
        60_000,
        500,
      );
      // The socket buffers hold some ten thousand rows; without backpressure all 3M would be read.
      expect(stalledAt).toBeGreaterThan(0);
      expect(stalledAt).toBeLessThan(300_000);
      expect((await queryDict(server, token, id))?.state).toBe('running');
      socket.destroy();
      await waitFor('the run stopped', async () => (await queryDict(server, token, id))?.state === 'stopped');
    } finally {
      constants.SQL_MAX_ROW = saved.max;
      constants.DISPLAY_MAX_ROW = saved.display;
    }
  });

  it('stops the run and frees its cursor, connection and slot when the client leaves mid-body', async () => {
    const constants = server.ctx.config.constants;
    constants.SQL_MAX_ROW = 3_000_000;
    constants.DISPLAY_MAX_ROW = 3_000_000;
    const port = await listening();
    try {
      const id = clientId('gone');
      const payload = JSON.stringify({
        database_id: ids.pg,
        client_id: id,
        queryLimit: 3_000_000,
        sql: `SELECT g AS left_early, repeat('x', 200) AS pad FROM generate_series(1, 3000000) AS g`,
      });
      const socket = connect(port, '127.0.0.1');
      socket.write(
        `POST /api/v1/sqllab/execute/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
      );
      // Read until rows arrive, then stop reading and hang up.
      const head = await new Promise<string>((resolve, reject) => {
        let seen = '';
        socket.on('data', (chunk: Buffer) => {
          seen += chunk.toString('utf8');
          if (seen.includes('"left_early":')) {
            socket.pause();
            resolve(seen);
          }
        });
        socket.on('error', reject);
      });
      expect(head).toMatch(/^HTTP\/1\.1 200/);
      expect(await pgActive('AS left_early')).toBe(1);
      socket.destroy();

      await waitFor('the run stopped', async () => (await queryDict(server, token, id))?.state === 'stopped');
      await waitFor('the cursor closed', async () => (await pgActive('AS left_early')) === 0);
      const me = (await queryDict(server, token, id))?.queryId;
      expect(me).toEqual(expect.any(Number));
      await waitFor('the slot freed', () => Promise.resolve(server.ctx.databases.slots.running(1) === 0));
      // The database serves the next query as usual.
      const next = await runSql(server, token, { database_id: ids.pg, sql: 'SELECT 2 AS two' });
      expect(next.json<ExecuteBody>().data).toEqual([{ two: 2 }]);
    } finally {
      constants.SQL_MAX_ROW = saved.max;
      constants.DISPLAY_MAX_ROW = saved.display;
    }
  });
});
