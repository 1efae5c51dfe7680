import { existsSync } from 'node:fs';
import type { Engine } from '@tessera/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, withPgAdmin, type TestServer } from './harness';
import { createDatabase, errorOf, runSql } from './sqllab-support';
import { deniedCallStatement, writeStatement } from './sql-variants';

// Issue 9, items 1-3: SQL that the parser used to misread, sent through the API to the real
// engines. The process id keeps parallel runs apart (databases and file paths).
const PID = String(process.pid);
const PG_DB = `tessera_sql_canonical_${PID}`;
const MY_DB = `tessera_sql_canonical_${PID}`;
const SECRET = 'secret-from-other-table';

async function pgQuery<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:5432/${PG_DB}` });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function myAdmin(sql: string): Promise<unknown[]> {
  const conn = await createConnection({
    host: '127.0.0.1',
    port: 3306,
    user: 'root',
    password: '',
    multipleStatements: true,
  });
  try {
    const [rows] = await conn.query(sql);
    return Array.isArray(rows) ? rows : [];
  } finally {
    await conn.end();
  }
}

/** Whether MariaDB's server can see a file (it writes INTO OUTFILE files as its own user). */
async function myFileExists(file: string): Promise<boolean> {
  const rows = await myAdmin(`SELECT LOAD_FILE('${file}') IS NOT NULL AS present`);
  const first: unknown = rows[0];
  return typeof first === 'object' && first !== null && 'present' in first && Number(first.present) === 1;
}

describe('one canonical SQL reading per engine, through the API', () => {
  let server: TestServer;
  let token: string;
  const db: Record<'pg' | 'maria' | 'mariaDml' | 'sqlite' | 'duckdb', number> = {
    pg: 0,
    maria: 0,
    mariaDml: 0,
    sqlite: 0,
    duckdb: 0,
  };
  const datasets: Record<'pg' | 'maria' | 'sqlite' | 'duckdb', number> = {
    pg: 0,
    maria: 0,
    sqlite: 0,
    duckdb: 0,
  };
  let sqliteFile = '';
  let duckFile = '';

  const datasetOf = async (databaseId: number, table: string, schema: string): Promise<number> => {
    const response = await server.request('POST', '/api/v1/dataset/get_or_create/', {
      token,
      body: { table_name: table, database_id: databaseId, schema },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ result: { table_id: number } }>().result.table_id;
  };
  const run = (database: number, sql: string): Promise<LightMyRequestResponse> =>
    runSql(server, token, { database_id: database, sql, queryLimit: 100 });
  const chartData = (dataset: number, query: Record<string, unknown>): Promise<LightMyRequestResponse> =>
    server.request('POST', '/api/v1/chart/data', {
      token,
      body: { datasource: { id: dataset, type: 'table' }, queries: [{ columns: ['k'], ...query }] },
    });

  beforeAll(async () => {
    await withPgAdmin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${PG_DB}`);
    });
    const tables = `CREATE TABLE events (k VARCHAR(10), v INTEGER);
      INSERT INTO events VALUES ('a', 1), ('b', 2);
      CREATE TABLE other_table (s VARCHAR(40));
      INSERT INTO other_table VALUES ('${SECRET}');
      CREATE TABLE canary (n INTEGER);
      INSERT INTO canary VALUES (1);`;
    await pgQuery(tables);
    await myAdmin(`DROP DATABASE IF EXISTS ${MY_DB}; CREATE DATABASE ${MY_DB}; USE ${MY_DB}; ${tables}`);
    server = await startTestServer('sqlite');
    token = await server.token();
    const { default: Database } = await import('better-sqlite3');
    sqliteFile = `${server.dataDir}/canonical.sqlite`;
    const sqlite = new Database(sqliteFile);
    sqlite.exec(tables);
    sqlite.close();
    const { DuckDBInstance } = await import('@duckdb/node-api');
    duckFile = `${server.dataDir}/canonical.duckdb`;
    const duck = await DuckDBInstance.create(duckFile);
    const connection = await duck.connect();
    await connection.run(tables);
    connection.closeSync();
    duck.closeSync();
    db.pg = await createDatabase(server, token, {
      database_name: 'pg',
      sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${PG_DB}`,
    });
    db.maria = await createDatabase(server, token, {
      database_name: 'maria',
      sqlalchemy_uri: `mysql://root@127.0.0.1:3306/${MY_DB}`,
    });
    db.mariaDml = await createDatabase(server, token, {
      database_name: 'maria_dml',
      sqlalchemy_uri: `mysql://root@127.0.0.1:3306/${MY_DB}`,
      allow_dml: true,
    });
    db.sqlite = await createDatabase(server, token, {
      database_name: 'lite',
      sqlalchemy_uri: `sqlite:///${sqliteFile}`,
    });
    db.duckdb = await createDatabase(server, token, {
      database_name: 'duck',
      sqlalchemy_uri: `duckdb:///${duckFile}`,
    });
    datasets.pg = await datasetOf(db.pg, 'events', 'public');
    datasets.maria = await datasetOf(db.maria, 'events', MY_DB);
    datasets.sqlite = await datasetOf(db.sqlite, 'events', 'main');
    datasets.duckdb = await datasetOf(db.duckdb, 'events', 'main');
  });

  afterAll(async () => {
    await server.close();
    await withPgAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`));
    await myAdmin(`DROP DATABASE IF EXISTS ${MY_DB}`);
  });

  it('runs ordinary SQL on every engine (the checks below are refusals, not outages)', async () => {
    for (const id of [db.pg, db.maria, db.sqlite, db.duckdb]) {
      const response = await run(id, 'SELECT k, v FROM events ORDER BY k');
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('item 1: refuses PostgreSQL functions hidden by U& escapes, quoting, case and qualification', async () => {
    for (const sql of [
      `SELECT U&"pg\\005fread\\005ffile"('/etc/hostname')`,
      `SELECT U&"pg!005fread!005ffile" UESCAPE '!' ('/etc/hostname')`,
      `SELECT "pg_catalog".U&"pg\\005Fread\\005Ffile"('/etc/hostname')`,
      `SELECT "PG_READ_FILE"('/etc/hostname')`,
      `SELECT pg_catalog.pg_read_file('/etc/hostname')`,
      `SELECT U&"pg\\005fls\\005fdir"('.')`,
      `SELECT U&"query\\005fto\\005fxml"('select * from other_table', true, true, '')`,
      `SELECT U&"pg\\005fterminate\\005fbackend"(pg_backend_pid())`,
      `SELECT U&"lo\\005fimport"('/etc/hostname')`,
    ]) {
      const response = await run(db.pg, sql);
      expect(response.statusCode, `${sql}: ${response.body}`).toBe(422);
      expect(errorOf(response).error_type, sql).toBe('SYNTAX_ERROR');
      expect(response.body).not.toContain(SECRET);
    }
    const [objects] = await pgQuery<{ n: number }>('SELECT count(*)::int AS n FROM pg_largeobject_metadata');
    expect(objects?.n).toBe(0);
  });

  it('item 2: refuses MySQL/MariaDB executable comments, even where DML is allowed, and writes no file', async () => {
    const file = `/tmp/tessera_canonical_${PID}_outfile`;
    for (const [index, sql] of [
      `SELECT 1 /*!99999 ' */ INTO OUTFILE '${file}' -- ' */`,
      `SELECT 1 /*M!999999 ' */ INTO OUTFILE '${file}_m' -- ' */`,
      `SELECT 1 /*!50000 , load_file('/etc/hostname') */`,
      `SELECT 1 /*M!100000 , (SELECT s FROM other_table) */`,
    ].entries()) {
      for (const id of [db.maria, db.mariaDml]) {
        const response = await run(id, sql);
        expect(response.statusCode, `${String(index)}: ${response.body}`).toBe(422);
        expect(errorOf(response).error_type).toBe('INVALID_SQL_ERROR');
        expect(errorOf(response).message).toMatch(/executable comments/);
      }
    }
    expect(await myFileExists(file)).toBe(false);
    expect(await myFileExists(`${file}_m`)).toBe(false);
    // A backslash-escaped quote cannot hide a call (either server setting is assumed).
    const hidden = await run(db.mariaDml, `SELECT 'a\\'', load_file('/etc/hostname') -- '`);
    expect(hidden.statusCode).toBe(422);
  });

  it('item 1 and 3 in chart data: adhoc metrics and filters cannot call hidden functions or read other tables', async () => {
    const refused = async (
      dataset: number,
      query: Record<string, unknown>,
      errorType: string,
    ): Promise<void> => {
      const response = await chartData(dataset, query);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ errors: { error_type: string }[] }>().errors[0]?.error_type, response.body).toBe(
        errorType,
      );
      expect(response.body).not.toContain(SECRET);
    };
    const metric = (sqlExpression: string) => ({
      metrics: [{ expressionType: 'SQL', sqlExpression, label: 'm' }],
    });
    await refused(
      datasets.pg,
      metric(`MAX(LENGTH(U&"pg\\005fread\\005ffile"('/etc/hostname')))`),
      'INVALID_SQL_ERROR',
    );
    await refused(
      datasets.pg,
      metric(`MAX(LENGTH(U&"pg!005fread!005ffile" UESCAPE '!' ('/etc/hostname')))`),
      'INVALID_SQL_ERROR',
    );
    await refused(
      datasets.pg,
      { ...metric('COUNT(*)'), extras: { where: `U&"pg\\005fterminate\\005fbackend"(pg_backend_pid())` } },
      'INVALID_SQL_ERROR',
    );
    await refused(
      datasets.pg,
      { ...metric('COUNT(*)'), extras: { having: `MAX(LENGTH(U&"pg\\005fls\\005fdir"('.')::text)) > 0` } },
      'INVALID_SQL_ERROR',
    );
    for (const [engine, dataset] of Object.entries(datasets)) {
      await refused(dataset, metric('MAX((TABLE other_table))'), 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
      await refused(dataset, metric('MAX((SELECT s FROM other_table))'), 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
      await refused(
        dataset,
        { ...metric('COUNT(*)'), extras: { where: 'EXISTS (SELECT 1 FROM other_table)' } },
        'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR',
      );
      expect(engine).toBeTruthy();
    }
    await refused(datasets.duckdb, metric('MAX((FROM other_table))'), 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    await refused(
      datasets.duckdb,
      { ...metric('COUNT(*)'), extras: { where: "k IN (FROM other_table) OR k = 'a'" } },
      'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR',
    );
    await refused(datasets.maria, metric('SUM(v) /*!99999 , 1 */'), 'INVALID_SQL_ERROR');
    // An ordinary adhoc metric still works on every engine.
    for (const dataset of Object.values(datasets)) {
      const response = await chartData(dataset, { ...metric('SUM(v) + COUNT(*)'), orderby: [['k', true]] });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('item 1 and 3 in dataset expressions: calculated columns and metrics are checked the same way', async () => {
    const put = (id: number, body: unknown) =>
      server.request('PUT', `/api/v1/dataset/${String(id)}`, { token, body });
    for (const [dataset, body, text] of [
      [
        datasets.duckdb,
        { metrics: [{ metric_name: 'm', expression: 'MAX((FROM other_table))' }] },
        /Subqueries/,
      ],
      [
        datasets.duckdb,
        { columns: [{ column_name: 'c', expression: 'EXISTS (FROM other_table)' }] },
        /Subqueries/,
      ],
      [
        datasets.pg,
        {
          metrics: [
            { metric_name: 'm', expression: `MAX(LENGTH(U&"pg\\005fread\\005ffile"('/etc/hostname')))` },
          ],
        },
        /not allowed/,
      ],
      [
        datasets.maria,
        { metrics: [{ metric_name: 'm', expression: 'SUM(v) /*!99999 + 1 */' }] },
        /executable/,
      ],
    ] as const) {
      const response = await put(dataset, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.body).toMatch(text);
    }
    const fine = await put(datasets.duckdb, {
      metrics: [{ metric_name: 'total', expression: 'SUM(v) + COUNT(*)' }],
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('a sample of generated disguises sent to every engine is refused and changes nothing', async () => {
    const targets: [Engine, number][] = [
      ['postgresql', db.pg],
      ['mysql', db.maria],
      ['sqlite', db.sqlite],
      ['duckdb', db.duckdb],
    ];
    for (const [engine, id] of targets) {
      const samples = [
        ...fc.sample(deniedCallStatement(engine), { numRuns: 12, seed: 9 }),
        ...fc.sample(writeStatement(engine), { numRuns: 12, seed: 9 }),
      ].map((sql) => sql.replaceAll('/tmp/canary_', `/tmp/tessera_canonical_${PID}_`));
      for (const sql of samples) {
        const response = await run(id, sql);
        expect(response.statusCode, `${engine}: ${sql}\n${response.body}`).toBe(422);
        expect(response.body).not.toContain(SECRET);
      }
    }
    const [pgCanary] = await pgQuery<{ n: number; tables: number }>(
      `SELECT (SELECT count(*)::int FROM canary WHERE n = 1) AS n,
              (SELECT count(*)::int FROM pg_tables WHERE tablename = 'made_by_variant') AS tables`,
    );
    expect(pgCanary).toEqual({ n: 1, tables: 0 });
    const myCanary = await myAdmin(
      `SELECT (SELECT COUNT(*) FROM ${MY_DB}.canary WHERE n = 1) AS n,
              (SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = '${MY_DB}' AND table_name = 'made_by_variant') AS tables`,
    );
    expect(myCanary[0]).toEqual({ n: 1, tables: 0 });
    expect(await myFileExists(`/tmp/tessera_canonical_${PID}_outfile`)).toBe(false);
    const { default: Database } = await import('better-sqlite3');
    const sqlite = new Database(sqliteFile, { readonly: true });
    expect(sqlite.prepare('SELECT count(*) AS n FROM canary WHERE n = 1').get()).toEqual({ n: 1 });
    sqlite.close();
    for (const suffix of ['copy', 'copy.csv', 'attach.db', 'attach.duckdb', 'vacuum.db', 'export']) {
      expect(existsSync(`/tmp/tessera_canonical_${PID}_${suffix}`), suffix).toBe(false);
    }
  });
});
