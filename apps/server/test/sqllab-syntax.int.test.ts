import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureExamples } from '../src/init';
import { startTestServer, withPgAdmin, type TestServer } from './harness';
import { createDatabase, errorOf, runSql } from './sqllab-support';

// Issue #10: a typo on a database without DML was answered as a DML refusal (issue 1022). It is a
// syntax error with the engine's own message; the probe that asks the engine parses and never runs.

const PG_DB = `tessera_sqllab_syntax_${String(process.pid)}`;
const MY_DB = `tessera_sqllab_syntax_${String(process.pid)}`;

async function pgQuery<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:5432/${PG_DB}` });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function myAdmin(sql: string): Promise<unknown> {
  const conn = await createConnection({
    host: '127.0.0.1',
    port: 3306,
    user: 'root',
    password: '',
    multipleStatements: true,
  });
  try {
    const [rows] = await conn.query(sql);
    return rows;
  } finally {
    await conn.end();
  }
}

async function myCount(): Promise<number> {
  const rows = await myAdmin(`SELECT COUNT(*) AS n FROM ${MY_DB}.scratch`);
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  return typeof first === 'object' && first !== null && 'n' in first ? Number(first.n) : -1;
}

function liteCount(file: string): number {
  const lite = new Database(file, { readonly: true });
  try {
    const row: unknown = lite.prepare('SELECT COUNT(*) AS n FROM scratch').get();
    return typeof row === 'object' && row !== null && 'n' in row ? Number(row.n) : -1;
  } finally {
    lite.close();
  }
}

describe('SQL Lab answers typos as syntax errors', () => {
  let server: TestServer;
  let token: string;
  let examples: number;
  let pgId: number;
  let myId: number;
  let liteId: number;
  let liteFile: string;

  beforeAll(async () => {
    await withPgAdmin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${PG_DB}`);
    });
    await pgQuery(`CREATE TABLE scratch (x integer); INSERT INTO scratch VALUES (1), (2);`);
    await myAdmin(`
      DROP DATABASE IF EXISTS ${MY_DB}; CREATE DATABASE ${MY_DB}; USE ${MY_DB};
      CREATE TABLE scratch (x INT); INSERT INTO scratch VALUES (1), (2);
    `);
    server = await startTestServer('sqlite');
    await ensureExamples(server.ctx);
    token = await server.token();
    const list = await server.request('GET', '/api/v1/database/', { token });
    const found = list
      .json<{ result: { id: number; database_name: string }[] }>()
      .result.find((database) => database.database_name === 'examples');
    if (!found) throw new Error('examples database missing');
    examples = found.id;
    pgId = await createDatabase(server, token, {
      database_name: 'pg',
      sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${PG_DB}`,
    });
    myId = await createDatabase(server, token, {
      database_name: 'maria',
      sqlalchemy_uri: `mysql://root@127.0.0.1:3306/${MY_DB}`,
    });
    liteFile = `${server.dataDir}/syntax.sqlite`;
    const lite = new Database(liteFile);
    lite.exec('CREATE TABLE scratch (x INTEGER); INSERT INTO scratch VALUES (1), (2);');
    lite.close();
    liteId = await createDatabase(server, token, {
      database_name: 'lite',
      sqlalchemy_uri: `sqlite:///${liteFile}`,
    });
  });

  afterAll(async () => {
    await server.close();
    await withPgAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`));
    await myAdmin(`DROP DATABASE IF EXISTS ${MY_DB}`);
  });

  const run = (database: number, sql: string, clientId?: string) =>
    runSql(server, token, { database_id: database, sql, queryLimit: 100, client_id: clientId });

  it.each([
    ['DuckDB', () => examples, 'syntax error at or near "SELEC"'],
    ['PostgreSQL', () => pgId, 'syntax error at or near "SELEC"'],
    ['MySQL', () => myId, "near 'SELEC * FRM t' at line 1"],
    ['SQLite', () => liteId, 'near "SELEC": syntax error'],
  ])('%s: SELEC * FRM t is a syntax error with the engine message', async (engine, id, engineText) => {
    const response = await run(id(), 'SELEC * FRM t', `syn${engine.slice(0, 5)}01`);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.error_type).toBe('SYNTAX_ERROR');
    expect(error.message).toContain('There is a syntax error in the SQL query');
    expect(error.message).toContain(engineText);
    expect(error.extra.engine_name).toBe(engine);
    expect(error.extra.issue_codes?.map((issue) => issue.code)).toContain(1030);
    const clientId = `syn${engine.slice(0, 5)}01`;
    const queries = await server.request(
      'GET',
      `/api/v1/query/?q=(filters:!((col:client_id,opr:eq,value:${clientId})))`,
      { token },
    );
    const [row] = queries.json<{ result: { status: string; error_message: string | null }[] }>().result;
    expect(row?.status).toBe('failed');
    expect(row?.error_message).toContain(engineText);
  });

  it('names the mistyped statement of a script and runs none of it', async () => {
    for (const [id, sql] of [
      [pgId, 'SELECT 1; DELET FROM scratch'],
      [myId, 'SELECT 1; DELET FROM scratch'],
      [liteId, 'SELECT 1; DELET FROM scratch'],
      [examples, 'SELECT 1; DELET FROM birth_names'],
    ] as const) {
      const response = await run(id, sql);
      expect(response.statusCode, sql).toBe(400);
      const error = errorOf(response);
      expect(error.error_type).toBe('SYNTAX_ERROR');
      expect(error.message).toMatch(/^Statement 2 out of 2: There is a syntax error/);
      expect(error.message).toContain('DELET');
    }
  });

  it('still refuses writes that parse, and the probe runs none of them', async () => {
    const writes: [number, string][] = [
      [pgId, 'WITH gone AS (DELETE FROM scratch RETURNING x) SELECT * FROM gone'],
      [pgId, 'DELETE FROM scratch'],
      [myId, 'DELETE FROM scratch'],
      [liteId, 'DELETE FROM scratch'],
      [liteId, 'WITH gone AS (SELECT x FROM scratch) DELETE FROM scratch'],
      [examples, 'DELETE FROM birth_names'],
    ];
    for (const [id, sql] of writes) {
      const response = await run(id, sql);
      expect(response.statusCode, sql).toBe(422);
      expect(errorOf(response).error_type, sql).toBe('DML_NOT_ALLOWED_ERROR');
    }
    expect(await pgQuery('SELECT x FROM scratch ORDER BY x')).toEqual([{ x: 1 }, { x: 2 }]);
    expect(await myCount()).toBe(2);
    expect(liteCount(liteFile)).toBe(2);
  });

  it('keeps hostile text inside the probe', async () => {
    // Quotes and backslashes cannot close the probe's own text on MariaDB (the text is bound), and
    // PostgreSQL's probe takes one command only.
    for (const [id, sql] of [
      [myId, "SELEC '\\'; DELETE FROM scratch; -- '"],
      [myId, 'SELEC 1 FROM scratch WHERE x = "\\" ; DELETE FROM scratch'],
      [pgId, 'SELEC $$ x $$; DELETE FROM scratch'],
      [pgId, "SELEC E'\\''; DELETE FROM scratch; -- '"],
      [liteId, "SELEC '\\'; DELETE FROM scratch; -- '"],
    ] as const) {
      const response = await run(id, sql);
      expect(response.statusCode, sql).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, sql).toBeLessThan(500);
    }
    expect(await pgQuery('SELECT x FROM scratch ORDER BY x')).toEqual([{ x: 1 }, { x: 2 }]);
    expect(await myCount()).toBe(2);
    expect(liteCount(liteFile)).toBe(2);
  });
});
