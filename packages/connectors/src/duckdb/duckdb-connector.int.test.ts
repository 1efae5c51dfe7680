import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnector } from '../index';
import type { Connector, ConnectorError } from '../index';

const FIXTURE = [
  `CREATE SCHEMA sales`,
  `CREATE TABLE customers (
     id INTEGER PRIMARY KEY,
     name VARCHAR NOT NULL DEFAULT 'anonymous',
     signup DATE,
     active BOOLEAN,
     score DECIMAL(10,2),
     created_at TIMESTAMP
   )`,
  `COMMENT ON TABLE customers IS 'People who buy'`,
  `COMMENT ON COLUMN customers.name IS 'Full name'`,
  `CREATE TABLE orders (
     id BIGINT PRIMARY KEY,
     customer_id INTEGER NOT NULL REFERENCES customers (id),
     amount DECIMAL(10,2),
     ordered_at TIMESTAMPTZ,
     note VARCHAR,
     tags VARCHAR[],
     payload BLOB
   )`,
  `CREATE INDEX orders_ordered_at_idx ON orders (ordered_at)`,
  `CREATE VIEW big_orders AS SELECT * FROM orders WHERE amount > 100`,
  `CREATE TABLE sales.only_here (x INTEGER)`,
  `INSERT INTO sales.only_here VALUES (42)`,
  `INSERT INTO customers SELECT i, 'customer ' || i, DATE '2024-01-01' + i::INTEGER, i % 2 = 0, i * 1.5,
     TIMESTAMP '2024-01-01 10:00:00' + INTERVAL (i) HOUR FROM range(1, 6) t(i)`,
  `INSERT INTO orders SELECT i, 1 + i % 5, i * 10.25, TIMESTAMPTZ '2024-02-01 00:00:00+00' + INTERVAL (i) DAY, 'n' || i,
     ['a', 'b'], '\\xDE\\xAD'::BLOB FROM range(1, 51) t(i)`,
];

async function failure(promise: Promise<unknown>): Promise<ConnectorError> {
  try {
    await promise;
  } catch (error) {
    return error as ConnectorError;
  }
  throw new Error('expected a failure');
}

describe('DuckDB connector', () => {
  let dir: string;
  let file: string;
  let connector: Connector;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-duckdb-'));
    file = join(dir, 'shop.duckdb');
    const writer = createConnector(`duckdb:///${file}`, { createFile: true });
    const session = await writer.openSession({ readOnly: false });
    for (const sql of FIXTURE) await session.execute(sql, { maxRows: 1 });
    await session.close();
    await writer.close();
    connector = createConnector('duckdb:///shop.duckdb', { baseDir: dir });
  });

  afterAll(async () => {
    await connector.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('connects and lists schemas, tables and views', async () => {
    expect(connector.engineName).toBe('DuckDB');
    await expect(connector.testConnection()).resolves.toBeUndefined();
    expect(await connector.getCatalogs()).toEqual([]);
    expect(await connector.getSchemas()).toEqual(['main', 'sales']);
    expect(await connector.getTables('main')).toEqual([
      { name: 'big_orders', type: 'view' },
      { name: 'customers', type: 'table' },
      { name: 'orders', type: 'table' },
    ]);
    expect(await connector.getTables('sales')).toEqual([{ name: 'only_here', type: 'table' }]);
  });

  it('describes columns, keys and indexes', async () => {
    const meta = await connector.getTableMetadata('orders', 'main');
    expect(
      meta?.columns.map((c) => [c.name, c.type, c.longType, c.type_generic, c.is_dttm, c.nullable]),
    ).toEqual([
      ['id', 'BIGINT', 'BIGINT', 0, false, false],
      ['customer_id', 'INTEGER', 'INTEGER', 0, false, false],
      ['amount', 'DECIMAL', 'DECIMAL(10,2)', 0, false, true],
      ['ordered_at', 'TIMESTAMP WITH TIME ZONE', 'TIMESTAMP WITH TIME ZONE', 2, true, true],
      ['note', 'VARCHAR', 'VARCHAR', 1, false, true],
      ['tags', 'VARCHAR[]', 'VARCHAR[]', null, false, true],
      ['payload', 'BLOB', 'BLOB', null, false, true],
    ]);
    expect(meta?.primaryKey.column_names).toEqual(['id']);
    expect(meta?.foreignKeys).toEqual([
      expect.objectContaining({
        column_names: ['customer_id'],
        type: 'fk',
        referred_table: 'customers',
        referred_columns: ['id'],
      }),
    ]);
    expect(meta?.indexes).toEqual([
      {
        name: 'orders_ordered_at_idx',
        column_names: ['ordered_at'],
        type: 'index',
        unique: false,
        options: {},
      },
    ]);
    const customers = await connector.getTableMetadata('customers', null);
    expect(customers?.comment).toBe('People who buy');
    expect(customers?.columns.find((c) => c.name === 'name')).toMatchObject({
      comment: 'Full name',
      default: "'anonymous'",
    });
    expect(customers?.columns.find((c) => c.name === 'active')).toMatchObject({ type_generic: 3 });
    expect(await connector.getTableMetadata('only_here', 'main')).toBeNull();
    expect(await connector.getTableMetadata('only_here', 'sales')).not.toBeNull();
  });

  it('lists functions and builds SELECT *', async () => {
    expect(await connector.getFunctionNames()).toEqual(
      expect.arrayContaining(['lower', 'list_sum', 'date_trunc']),
    );
    expect(connector.selectStar('orders', 'main', ['id', 'Note'], 7)).toBe(
      'SELECT id,\n       "Note"\nFROM main.orders\nLIMIT 7',
    );
  });

  it('streams maxRows rows with JSON-friendly values', async () => {
    const session = await connector.openSession({ readOnly: true });
    try {
      const result = await session.execute(
        'SELECT id, amount, ordered_at, tags, payload FROM orders ORDER BY id',
        { maxRows: 10 },
      );
      expect(result.truncated).toBe(true);
      expect(result.rows).toHaveLength(10);
      expect(result.rows[0]).toEqual([1, 10.25, '2024-02-02T00:00:00.000Z', ['a', 'b'], '\\xdead']);
      expect(result.columns.map((c) => [c.name, c.type, c.type_generic, c.is_dttm])).toEqual([
        ['id', 'BIGINT', 0, false],
        ['amount', 'DECIMAL(10,2)', 0, false],
        ['ordered_at', 'TIMESTAMP WITH TIME ZONE', 2, true],
        ['tags', 'VARCHAR[]', null, false],
        ['payload', 'BLOB', null, false],
      ]);
      // Larger than one 2048-row chunk, to read across chunks.
      const many = await session.execute('SELECT * FROM range(5000)', { maxRows: 3000 });
      expect(many.rows).toHaveLength(3000);
      expect(many.truncated).toBe(true);
      const exact = await session.execute('SELECT * FROM range(5000)', { maxRows: 5000 });
      expect(exact.truncated).toBe(false);
      const values = await session.execute(
        `SELECT 9007199254740993::BIGINT AS big, DATE '2024-03-04' AS d, TIMESTAMP '2024-03-04 05:06:07.5' AS ts,
                {'a': 1, 'b': [1.5]} AS s, MAP {'k': 2} AS m, 'x' AS t, true AS b`,
        { maxRows: 1 },
      );
      expect(values.rows[0]).toEqual([
        '9007199254740993',
        '2024-03-04',
        '2024-03-04T05:06:07.5',
        { a: 1, b: [1.5] },
        [{ key: 'k', value: 2 }],
        'x',
        true,
      ]);
      expect(values.columns.map((c) => c.type_generic)).toEqual([0, 2, 2, null, null, 1, 3]);
    } finally {
      await session.close();
    }
  });

  it('enforces read-only with read-only transactions on a writable file', async () => {
    const session = await connector.openSession({ readOnly: true });
    try {
      expect(
        (await failure(session.execute('INSERT INTO sales.only_here VALUES (1)', { maxRows: 1 }))).kind,
      ).toBe('DML_NOT_ALLOWED_ERROR');
      // A script cannot end the read-only transaction and write after it.
      expect(
        (await failure(session.execute('COMMIT; INSERT INTO sales.only_here VALUES (1)', { maxRows: 1 })))
          .kind,
      ).toBe('GENERIC_DB_ENGINE_ERROR');
    } finally {
      await session.close();
    }
    const writer = await connector.openSession({ readOnly: false, schema: 'sales' });
    try {
      expect(
        (await writer.execute('INSERT INTO only_here VALUES (1), (2)', { maxRows: 1 })).affectedRows,
      ).toBe(2);
      await writer.execute('DELETE FROM only_here WHERE x < 3', { maxRows: 1 });
    } finally {
      await writer.close();
    }
  });

  it('opens files read-only in the engine with readOnlyFile', async () => {
    await connector.close();
    const readOnly = createConnector(`duckdb:///${file}`, { readOnlyFile: true });
    try {
      const session = await readOnly.openSession({ readOnly: false });
      expect((await failure(session.execute('CREATE TABLE t2 (x INTEGER)', { maxRows: 1 }))).kind).toBe(
        'DML_NOT_ALLOWED_ERROR',
      );
      expect((await session.execute('SELECT count(*) FROM orders', { maxRows: 1 })).rows).toEqual([[50]]);
      await session.close();
    } finally {
      await readOnly.close();
      connector = createConnector(`duckdb:///${file}`);
    }
  });

  it('refuses file and network access even to a writable session, and keeps it locked', async () => {
    const session = await connector.openSession({ readOnly: false });
    try {
      for (const sql of [
        "SELECT * FROM read_csv('/etc/passwd')",
        "SELECT * FROM read_text('/etc/hostname')",
        "ATTACH '/tmp/x.duckdb' AS x",
      ]) {
        await expect(session.execute(sql, { maxRows: 10 })).rejects.toThrow(
          /disabled|Permission|not allowed/i,
        );
      }
      await expect(session.execute('SET enable_external_access = true', { maxRows: 1 })).rejects.toThrow(
        /Cannot change/i,
      );
    } finally {
      await session.close();
    }
  });

  it('interrupts a long statement', async () => {
    const session = await connector.openSession({ readOnly: true });
    const running = session.execute('SELECT count(*) FROM range(1000000000000) a', { maxRows: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await session.cancel();
    expect((await failure(running)).kind).toBe('cancelled');
    expect((await failure(session.execute('SELECT 1', { maxRows: 1 }))).kind).toBe('cancelled');
    await session.close();
    const other = await connector.openSession({ readOnly: true });
    const controller = new AbortController();
    const aborted = other.execute('SELECT count(*) FROM range(1000000000000) a', {
      maxRows: 1,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    expect((await failure(aborted)).kind).toBe('cancelled');
    await other.close();
  });

  it('classifies errors and explains', async () => {
    const session = await connector.openSession({ readOnly: true });
    try {
      expect((await failure(session.execute('SELEC 1', { maxRows: 1 }))).kind).toBe('SYNTAX_ERROR');
      expect(await failure(session.execute('SELECT * FROM nope', { maxRows: 1 }))).toMatchObject({
        kind: 'TABLE_DOES_NOT_EXIST_ERROR',
        params: { table: 'nope' },
      });
      expect(await failure(session.execute('SELECT nocol FROM orders', { maxRows: 1 }))).toMatchObject({
        kind: 'COLUMN_DOES_NOT_EXIST_ERROR',
        params: { column: 'nocol' },
      });
      expect(await failure(session.execute('SELECT * FROM nosch.t', { maxRows: 1 }))).toMatchObject({
        kind: 'SCHEMA_DOES_NOT_EXIST_ERROR',
        params: { schema: 'nosch' },
      });
      const plan = await session.explain('SELECT * FROM orders');
      expect(plan[0]).toHaveProperty('explain_key');
    } finally {
      await session.close();
    }
  });

  it('reports a missing file without creating it', async () => {
    const path = join(dir, 'missing.duckdb');
    const missing = createConnector(`duckdb:///${path}`);
    expect((await failure(missing.testConnection())).kind).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');
    expect(existsSync(path)).toBe(false);
    await missing.close();
  });
});
