import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myAdminQuery } from './engine-admin';
import { createEngineDatabases, type EngineDatabases } from './engine-databases';
import { startTestServer, type TestServer } from './harness';
import { createDatabase, errorOf, examplesDatabaseId, runSql } from './sqllab-support';

// Issue #10: a typo on a database without DML was answered as a DML refusal (issue 1022). It is a
// syntax error with the engine's own message; the probe that asks the engine parses and never runs.

const SCRATCH = 'CREATE TABLE scratch (x INTEGER); INSERT INTO scratch VALUES (1), (2);';

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
  let engines: EngineDatabases;
  let server: TestServer;
  let token: string;
  let examples: number;
  let pgId: number;
  let myId: number;
  let liteId: number;
  let liteFile: string;

  const pgScratch = () => engines.pg('SELECT x FROM scratch ORDER BY x');
  const myCount = async (): Promise<number> => {
    const rows = await myAdminQuery(`SELECT COUNT(*) AS n FROM ${engines.name}.scratch`);
    const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
    return typeof first === 'object' && first !== null && 'n' in first ? Number(first.n) : -1;
  };

  beforeAll(async () => {
    // The engines' fixtures and the server (with its examples) are independent: build them side by side.
    [engines, server] = await Promise.all([
      createEngineDatabases('sqllab_syntax', { pg: SCRATCH, my: SCRATCH }),
      startTestServer('sqlite', { examples: true }),
    ]);
    token = await server.token();
    examples = await examplesDatabaseId(server, token);
    pgId = await createDatabase(server, token, { database_name: 'pg', sqlalchemy_uri: engines.pgUri });
    myId = await createDatabase(server, token, { database_name: 'maria', sqlalchemy_uri: engines.myUri });
    liteFile = `${server.dataDir}/syntax.sqlite`;
    const lite = new Database(liteFile);
    lite.exec(SCRATCH);
    lite.close();
    liteId = await createDatabase(server, token, {
      database_name: 'lite',
      sqlalchemy_uri: `sqlite:///${liteFile}`,
    });
  });

  afterAll(async () => {
    await server.close();
    await engines.drop();
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
    expect(await pgScratch()).toEqual([{ x: 1 }, { x: 2 }]);
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
    expect(await pgScratch()).toEqual([{ x: 1 }, { x: 2 }]);
    expect(await myCount()).toBe(2);
    expect(liteCount(liteFile)).toBe(2);
  });
});
