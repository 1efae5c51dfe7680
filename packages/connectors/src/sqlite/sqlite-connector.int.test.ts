import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnector } from '../index';
import type { Connector, ConnectorError } from '../index';

const FIXTURE = `
CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  name VARCHAR(100) NOT NULL DEFAULT 'anonymous',
  signup DATE,
  active BOOLEAN,
  score DECIMAL(10,2),
  created_at DATETIME
);
CREATE UNIQUE INDEX customers_name_key ON customers (name);
CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  amount REAL,
  ordered_at TIMESTAMP,
  note TEXT,
  payload BLOB
);
CREATE INDEX orders_ordered_at_idx ON orders (ordered_at);
CREATE VIEW big_orders AS SELECT * FROM orders WHERE amount > 100;
WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 5)
INSERT INTO customers SELECT n, 'customer ' || n, date('2024-01-01', '+' || n || ' days'), n % 2 = 0, n * 1.5,
  datetime('2024-01-01 10:00:00', '+' || n || ' hours') FROM g;
WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 50)
INSERT INTO orders SELECT n, 1 + n % 5, n * 10.25, datetime('2024-02-01', '+' || n || ' days'), 'n' || n, x'dead' FROM g;
`;

async function failure(promise: Promise<unknown>): Promise<ConnectorError> {
  try {
    await promise;
  } catch (error) {
    return error as ConnectorError;
  }
  throw new Error('expected a failure');
}

describe('SQLite connector', () => {
  let dir: string;
  let connector: Connector;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-sqlite-'));
    const db = new Database(join(dir, 'shop.db'));
    db.exec(FIXTURE);
    db.close();
    // A relative path resolves against baseDir.
    connector = createConnector('sqlite:///shop.db', { baseDir: dir });
  });

  afterAll(async () => {
    await connector.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('connects and lists main, its tables and views', async () => {
    expect(connector.engineName).toBe('SQLite');
    await expect(connector.testConnection()).resolves.toBeUndefined();
    expect(await connector.getCatalogs()).toEqual([]);
    expect(await connector.getSchemas()).toEqual(['main']);
    expect(await connector.getTables('main')).toEqual([
      { name: 'big_orders', type: 'view' },
      { name: 'customers', type: 'table' },
      { name: 'orders', type: 'table' },
    ]);
  });

  it('describes columns, keys and indexes', async () => {
    const meta = await connector.getTableMetadata('orders', 'main');
    expect(meta?.columns.map((c) => [c.name, c.type, c.type_generic, c.is_dttm, c.nullable])).toEqual([
      ['id', 'INTEGER', 0, false, true],
      ['customer_id', 'INTEGER', 0, false, false],
      ['amount', 'REAL', 0, false, true],
      ['ordered_at', 'TIMESTAMP', 2, true, true],
      ['note', 'TEXT', 1, false, true],
      ['payload', 'BLOB', null, false, true],
    ]);
    expect(meta?.primaryKey).toEqual({ name: null, column_names: ['id'] });
    expect(meta?.foreignKeys).toEqual([
      {
        name: null,
        column_names: ['customer_id'],
        type: 'fk',
        referred_table: 'customers',
        referred_columns: ['id'],
        referred_schema: null,
        options: { ondelete: 'CASCADE' },
      },
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
    expect(customers?.columns.find((c) => c.name === 'name')).toMatchObject({
      longType: 'VARCHAR(100)',
      type: 'VARCHAR',
      default: "'anonymous'",
    });
    expect(customers?.columns.find((c) => c.name === 'active')).toMatchObject({ type_generic: 3 });
    expect(customers?.indexes[0]).toMatchObject({ name: 'customers_name_key', unique: true });
    expect(await connector.getTableMetadata('nope', 'main')).toBeNull();
  });

  it('lists functions and builds SELECT *', async () => {
    expect(await connector.getFunctionNames()).toContain('lower');
    expect(connector.selectStar('orders', 'main', ['id', 'Note'], 3)).toBe(
      'SELECT id,\n       Note\nFROM main.orders\nLIMIT 3',
    );
  });

  it('reads maxRows rows with types from declarations or values', async () => {
    const session = await connector.openSession({ readOnly: true });
    try {
      const result = await session.execute(
        'SELECT id, amount, ordered_at, note, payload, 2 * id AS twice FROM orders ORDER BY id',
        {
          maxRows: 10,
        },
      );
      expect(result.truncated).toBe(true);
      expect(result.rows).toHaveLength(10);
      expect(result.rows[0]).toEqual([1, 10.25, '2024-02-02 00:00:00', 'n1', '\\xdead', 2]);
      expect(result.columns.map((c) => [c.name, c.type, c.type_generic, c.is_dttm])).toEqual([
        ['id', 'INTEGER', 0, false],
        ['amount', 'REAL', 0, false],
        ['ordered_at', 'TIMESTAMP', 2, true],
        ['note', 'TEXT', 1, false],
        ['payload', 'BLOB', null, false],
        ['twice', 'INTEGER', 0, false],
      ]);
      const all = await session.execute('SELECT id FROM orders', { maxRows: 50 });
      expect(all.truncated).toBe(false);
      const big = await session.execute('SELECT 9007199254740993 AS big', { maxRows: 1 });
      expect(big.rows).toEqual([['9007199254740993']]);
    } finally {
      await session.close();
    }
  });

  it('enforces read-only in the engine', async () => {
    const session = await connector.openSession({ readOnly: true });
    try {
      expect(
        (await failure(session.execute("INSERT INTO customers (id, name) VALUES (99, 'x')", { maxRows: 1 })))
          .kind,
      ).toBe('DML_NOT_ALLOWED_ERROR');
      await session.execute('PRAGMA query_only = 0', { maxRows: 1 });
      expect((await failure(session.execute('CREATE TABLE sneaky (x)', { maxRows: 1 }))).kind).toBe(
        'DML_NOT_ALLOWED_ERROR',
      );
    } finally {
      await session.close();
    }
    const writer = await connector.openSession({ readOnly: false });
    try {
      expect(
        (await writer.execute("INSERT INTO customers (id, name) VALUES (98, 'y'), (99, 'z')", { maxRows: 1 }))
          .affectedRows,
      ).toBe(2);
      await writer.execute('DELETE FROM customers WHERE id > 90', { maxRows: 1 });
    } finally {
      await writer.close();
    }
  });

  it('cancels a statement that would never end', async () => {
    const session = await connector.openSession({ readOnly: true });
    const running = session.execute(
      'WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) FROM r',
      {
        maxRows: 1,
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await session.cancel();
    expect((await failure(running)).kind).toBe('cancelled');
    expect((await failure(session.execute('SELECT 1', { maxRows: 1 }))).kind).toBe('cancelled');
    await session.close();
    const controller = new AbortController();
    const other = await connector.openSession({ readOnly: true });
    const aborted = other.execute(
      'WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) FROM r',
      {
        maxRows: 1,
        signal: controller.signal,
      },
    );
    controller.abort();
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
      expect(await failure(session.execute('CREATE TABLE other.t (x)', { maxRows: 1 }))).toMatchObject({
        kind: 'SCHEMA_DOES_NOT_EXIST_ERROR',
        params: { schema: 'other' },
      });
      const plan = await session.explain('SELECT * FROM orders WHERE id = 1');
      expect(JSON.stringify(plan)).toContain('INTEGER PRIMARY KEY');
    } finally {
      await session.close();
    }
  });

  it('checks syntax by compiling only, and never compiles a PRAGMA', async () => {
    const session = await connector.openSession({ readOnly: false });
    try {
      const typo = await session.checkSyntax('SELEC * FRM t');
      expect(typo?.kind).toBe('SYNTAX_ERROR');
      expect(typo?.message).toContain('near "SELEC": syntax error');
      expect((await session.checkSyntax('SELECT * FROM orders WHERE'))?.kind).toBe('SYNTAX_ERROR');
      // Errors other than parse errors are not answered: the caller's refusal stands.
      expect(await session.checkSyntax('SELECT * FROM nope')).toBeNull();
      // A writable session compiles a write and does not run it.
      expect(await session.checkSyntax('DELETE FROM orders')).toBeNull();
      expect((await session.execute('SELECT COUNT(*) FROM orders', { maxRows: 1 })).rows).toEqual([[50]]);
      // SQLite applies these pragmas while compiling them, even before a syntax error.
      for (const pragma of [
        '/* c */ ; -- c\n explain query plan pragma query_only = 1',
        'PRAGMA query_only = 1 garbage',
      ]) {
        expect(await session.checkSyntax(pragma), pragma).toBeNull();
        expect((await session.execute('PRAGMA query_only', { maxRows: 1 })).rows, pragma).toEqual([[0]]);
      }
    } finally {
      await session.close();
    }
  });

  it('reports a missing file as an unknown database', async () => {
    const missing = createConnector(`sqlite:///${join(dir, 'missing.db')}`);
    expect((await failure(missing.testConnection())).kind).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');
    expect((await failure(missing.openSession({ readOnly: false }))).kind).toBe(
      'CONNECTION_UNKNOWN_DATABASE_ERROR',
    );
    await missing.close();
  });

  it('opens in-memory databases', async () => {
    const memory = createConnector('sqlite://');
    const session = await memory.openSession({ readOnly: false });
    expect((await session.execute('SELECT 1 + 1 AS two', { maxRows: 1 })).rows).toEqual([[2]]);
    await session.close();
    await memory.close();
  });
});
