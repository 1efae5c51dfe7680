import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnector } from '../index';
import type { Connector, ConnectorError, RowBatch } from '../index';

// The process id keeps two test runs on this machine from sharing a database.
const PG_DB = `tessera_stream_test_${String(process.pid)}`;
const MY_DB = `tessera_stream_test_${String(process.pid)}`;

/** 2,500 rows: n and a label, the same on every engine. */
const FIXTURE_ROWS = 2500;

async function pgAdmin(sql: string, database = 'postgres'): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function myAdmin(sql: string): Promise<void> {
  const conn = await createConnection({
    host: '127.0.0.1',
    port: 3306,
    user: 'root',
    password: '',
    multipleStatements: true,
  });
  try {
    await conn.query(sql);
  } finally {
    await conn.end();
  }
}

async function collect(batches: AsyncIterable<RowBatch>): Promise<RowBatch[]> {
  const out: RowBatch[] = [];
  for await (const batch of batches) out.push(batch);
  return out;
}

async function failure(promise: Promise<unknown>): Promise<ConnectorError> {
  try {
    await promise;
  } catch (error) {
    return error as ConnectorError;
  }
  throw new Error('expected a failure');
}

interface Case {
  name: string;
  connector: () => Connector;
  select: string;
  empty: string;
  write: string;
  /** A statement that runs until it is cancelled. */
  sleep: string;
}

let dir = '';
const connectors = new Map<string, Connector>();

const CASES: Case[] = [
  {
    name: 'PostgreSQL',
    connector: () => connectors.get('pg') ?? createConnector('postgresql://'),
    select: 'SELECT n, label FROM items ORDER BY n',
    empty: 'SELECT n, label FROM items WHERE n < 0',
    write: "INSERT INTO items VALUES (0, 'x')",
    sleep: 'SELECT pg_sleep(30)',
  },
  {
    name: 'MariaDB',
    connector: () => connectors.get('my') ?? createConnector('mysql://'),
    select: 'SELECT n, label FROM items ORDER BY n',
    empty: 'SELECT n, label FROM items WHERE n < 0',
    write: "INSERT INTO items VALUES (0, 'x')",
    sleep: 'SELECT SLEEP(30)',
  },
  {
    name: 'SQLite',
    connector: () => connectors.get('sqlite') ?? createConnector('sqlite://'),
    select: 'SELECT n, label FROM items ORDER BY n',
    empty: 'SELECT n, label FROM items WHERE n < 0',
    write: "INSERT INTO items VALUES (0, 'x')",
    sleep: 'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT max(i) FROM r',
  },
  {
    name: 'DuckDB',
    connector: () => connectors.get('duckdb') ?? createConnector('duckdb://'),
    select: 'SELECT n, label FROM items ORDER BY n',
    empty: 'SELECT n, label FROM items WHERE n < 0',
    write: "INSERT INTO items VALUES (0, 'x')",
    sleep: 'SELECT sum(i * i) FROM range(1000000000000) t(i)',
  },
];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-stream-'));
  await pgAdmin(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
  await pgAdmin(`CREATE DATABASE ${PG_DB}`);
  await pgAdmin(
    `CREATE TABLE items (n integer PRIMARY KEY, label text);
     INSERT INTO items SELECT g, 'item ' || g FROM generate_series(1, ${FIXTURE_ROWS}) g;`,
    PG_DB,
  );
  await myAdmin(
    `DROP DATABASE IF EXISTS ${MY_DB}; CREATE DATABASE ${MY_DB};
     USE ${MY_DB}; CREATE TABLE items (n INT PRIMARY KEY, label VARCHAR(50));
     INSERT INTO items SELECT seq, CONCAT('item ', seq) FROM seq_1_to_${FIXTURE_ROWS};`,
  );
  const sqlite = new Database(join(dir, 'items.db'));
  sqlite.exec(`CREATE TABLE items (n INTEGER PRIMARY KEY, label TEXT);
    WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < ${FIXTURE_ROWS})
    INSERT INTO items SELECT n, 'item ' || n FROM g;`);
  sqlite.close();
  const writer = createConnector(`duckdb:///${join(dir, 'items.duckdb')}`, { createFile: true });
  const session = await writer.openSession({ readOnly: false });
  await session.execute('CREATE TABLE items (n INTEGER PRIMARY KEY, label VARCHAR)', { maxRows: 0 });
  await session.execute(`INSERT INTO items SELECT i, 'item ' || i FROM range(1, ${FIXTURE_ROWS + 1}) t(i)`, {
    maxRows: 0,
  });
  await session.close();
  await writer.close();
  connectors.set('pg', createConnector(`postgresql://postgres@127.0.0.1:5432/${PG_DB}`));
  connectors.set('my', createConnector(`mysql://root@127.0.0.1:3306/${MY_DB}`));
  connectors.set('sqlite', createConnector('sqlite:///items.db', { baseDir: dir }));
  // A writable file, so read-only comes from the session's read-only transactions.
  connectors.set('duckdb', createConnector('duckdb:///items.duckdb', { baseDir: dir }));
});

afterAll(async () => {
  for (const connector of connectors.values()) await connector.close();
  await pgAdmin(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
  await myAdmin(`DROP DATABASE IF EXISTS ${MY_DB}`);
  rmSync(dir, { recursive: true, force: true });
});

describe.each(CASES)('session.stream on $name', (testCase) => {
  it('yields every row in bounded batches, in order, with the columns', async () => {
    const session = await testCase.connector().openSession({ readOnly: true });
    try {
      const batches = await collect(session.stream(testCase.select, { batchSize: 1000 }));
      const rows = batches.flatMap((batch) => batch.rows);
      expect(rows).toHaveLength(FIXTURE_ROWS);
      expect(rows[0]).toEqual([1, 'item 1']);
      expect(rows[FIXTURE_ROWS - 1]).toEqual([FIXTURE_ROWS, `item ${FIXTURE_ROWS}`]);
      expect(batches.length).toBeGreaterThan(1);
      for (const batch of batches) expect(batch.rows.length).toBeLessThanOrEqual(2048);
      expect(batches[0]?.columns.map((column) => column.name)).toEqual(['n', 'label']);
      expect(batches[0]?.columns[0]?.type_generic).toBe(0);
    } finally {
      await session.close();
    }
  });

  it('stops at maxRows and leaves the session usable', async () => {
    const session = await testCase.connector().openSession({ readOnly: true });
    try {
      const batches = await collect(session.stream(testCase.select, { batchSize: 100, maxRows: 250 }));
      expect(batches.flatMap((batch) => batch.rows)).toHaveLength(250);
      const after = await session.execute('SELECT 1 AS one', { maxRows: 10 });
      expect(after.rows).toEqual([[1]]);
    } finally {
      await session.close();
    }
  });

  it('yields one batch with the columns for an empty result', async () => {
    const session = await testCase.connector().openSession({ readOnly: true });
    try {
      const batches = await collect(session.stream(testCase.empty));
      expect(batches).toHaveLength(1);
      expect(batches[0]?.rows).toEqual([]);
      expect(batches[0]?.columns.map((column) => column.name)).toEqual(['n', 'label']);
    } finally {
      await session.close();
    }
  });

  it('ends the statement when the consumer stops early', async () => {
    const session = await testCase.connector().openSession({ readOnly: true });
    try {
      let seen = 0;
      for await (const batch of session.stream(testCase.select, { batchSize: 10 })) {
        seen += batch.rows.length;
        break;
      }
      expect(seen).toBe(10);
      const again = await collect(session.stream(testCase.select, { batchSize: 5000 }));
      expect(again.flatMap((batch) => batch.rows)).toHaveLength(FIXTURE_ROWS);
    } finally {
      await session.close();
    }
  });

  it('refuses writes on a read-only session', async () => {
    const session = await testCase.connector().openSession({ readOnly: true });
    try {
      const error = await failure(collect(session.stream(testCase.write)));
      expect(error.name).toBe('ConnectorError');
      expect(error.kind).not.toBe('cancelled');
      const count = await session.execute('SELECT count(*) AS c FROM items', { maxRows: 1 });
      expect(Number(count.rows[0]?.[0])).toBe(FIXTURE_ROWS);
    } finally {
      await session.close();
    }
  });

  it('cancels a streaming statement on the engine', async () => {
    const session = await testCase.connector().openSession({ readOnly: true });
    try {
      const controller = new AbortController();
      const pending = failure(collect(session.stream(testCase.sleep, { signal: controller.signal })));
      await new Promise((resolve) => setTimeout(resolve, 300));
      controller.abort();
      const error = await pending;
      expect(error.kind).toBe('cancelled');
    } finally {
      await session.close();
    }
  });
});
