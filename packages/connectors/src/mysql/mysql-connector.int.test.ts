import { createServer } from 'node:net';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnector } from '../index';
import type { Connector, ConnectorError } from '../index';

// The process id keeps two test runs on this machine from sharing a database.
const DB = `tessera_connectors_test_${String(process.pid)}`;
const DB2 = `tessera_connectors_test2_${String(process.pid)}`;
const USER = 'tessera_cx_user';
const URI = `mariadb://root@127.0.0.1:3306/${DB}`;

const FIXTURE = `
CREATE TABLE customers (
  id INT PRIMARY KEY,
  name VARCHAR(100) NOT NULL COMMENT 'Full name',
  signup DATE,
  active BOOLEAN DEFAULT TRUE,
  score DECIMAL(10,2),
  created_at DATETIME
) COMMENT = 'People who buy';
CREATE UNIQUE INDEX customers_name_key ON customers (name);
CREATE TABLE orders (
  id BIGINT PRIMARY KEY,
  customer_id INT NOT NULL,
  amount DECIMAL(10,2),
  ordered_at DATETIME(3),
  note TEXT,
  payload BLOB,
  CONSTRAINT orders_customer_fk FOREIGN KEY (customer_id) REFERENCES customers (id) ON DELETE CASCADE,
  INDEX orders_ordered_at_idx (ordered_at)
) ENGINE = InnoDB;
CREATE VIEW big_orders AS SELECT * FROM orders WHERE amount > 100;
CREATE FUNCTION tessera_double(x INT) RETURNS INT DETERMINISTIC RETURN x * 2;
INSERT INTO customers
  WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 5)
  SELECT n, CONCAT('customer ', n), DATE_ADD('2024-01-01', INTERVAL n DAY), n % 2 = 0, n * 1.5,
         DATE_ADD('2024-01-01 10:00:00', INTERVAL n HOUR) FROM g;
INSERT INTO orders
  WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 50)
  SELECT n, 1 + n % 5, n * 10.25, DATE_ADD('2024-02-01 00:00:00', INTERVAL n DAY), CONCAT('n', n), X'DEAD' FROM g;
CREATE TABLE ${DB2}.only_here (x INT);
INSERT INTO ${DB2}.only_here VALUES (42);
`;

async function admin<T>(work: (conn: mysql.Connection) => Promise<T>): Promise<T> {
  const conn = await mysql.createConnection({
    host: '127.0.0.1',
    port: 3306,
    user: 'root',
    multipleStatements: true,
  });
  try {
    return await work(conn);
  } finally {
    await conn.end();
  }
}

async function runningQueries(text: string): Promise<number> {
  return admin(async (conn) => {
    const [rows] = await conn.query(
      'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO = ?',
      [text],
    );
    const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
    return typeof first === 'object' && first !== null && 'n' in first ? Number(first.n) : -1;
  });
}

async function failure(promise: Promise<unknown>): Promise<ConnectorError> {
  try {
    await promise;
  } catch (error) {
    return error as ConnectorError;
  }
  throw new Error('expected a failure');
}

describe('MySQL/MariaDB connector', () => {
  let connector: Connector;

  beforeAll(async () => {
    await admin(async (conn) => {
      await conn.query(
        `DROP DATABASE IF EXISTS ${DB}; DROP DATABASE IF EXISTS ${DB2}; CREATE DATABASE ${DB}; CREATE DATABASE ${DB2};`,
      );
      await conn.query(
        `DROP USER IF EXISTS '${USER}'@'%'; CREATE USER '${USER}'@'%' IDENTIFIED BY 'right-password';`,
      );
      await conn.query(`USE ${DB}; ${FIXTURE}`);
    });
    connector = createConnector(URI);
  });

  afterAll(async () => {
    await connector.close();
    await admin((conn) =>
      conn.query(
        `DROP DATABASE IF EXISTS ${DB}; DROP DATABASE IF EXISTS ${DB2}; DROP USER IF EXISTS '${USER}'@'%';`,
      ),
    );
  });

  it('describes itself and connects', async () => {
    expect(connector.engine).toBe('mysql');
    expect(connector.backend).toBe('mariadb');
    expect(connector.engineName).toBe('MariaDB');
    expect(connector.supportsCatalogs).toBe(false);
    await expect(connector.testConnection()).resolves.toBeUndefined();
  });

  it('lists databases as schemas without the system ones', async () => {
    expect(await connector.getCatalogs()).toEqual([]);
    const schemas = await connector.getSchemas();
    expect(schemas).toEqual(expect.arrayContaining([DB, DB2]));
    for (const system of ['mysql', 'information_schema', 'performance_schema', 'sys'])
      expect(schemas).not.toContain(system);
  });

  it('lists tables and views sorted by name', async () => {
    expect(await connector.getTables(DB)).toEqual([
      { name: 'big_orders', type: 'view' },
      { name: 'customers', type: 'table' },
      { name: 'orders', type: 'table' },
    ]);
  });

  it('describes columns, keys and indexes', async () => {
    const meta = await connector.getTableMetadata('orders', DB);
    expect(meta).not.toBeNull();
    if (!meta) return;
    expect(
      meta.columns.map((c) => [c.name, c.type, c.longType, c.type_generic, c.is_dttm, c.nullable]),
    ).toEqual([
      ['id', 'BIGINT', 'BIGINT(20)', 0, false, false],
      ['customer_id', 'INT', 'INT(11)', 0, false, false],
      ['amount', 'DECIMAL', 'DECIMAL(10,2)', 0, false, true],
      ['ordered_at', 'DATETIME', 'DATETIME(3)', 2, true, true],
      ['note', 'TEXT', 'TEXT', 1, false, true],
      ['payload', 'BLOB', 'BLOB', null, false, true],
    ]);
    expect(meta.primaryKey).toEqual({ name: 'PRIMARY', column_names: ['id'] });
    expect(meta.foreignKeys).toEqual([
      {
        name: 'orders_customer_fk',
        column_names: ['customer_id'],
        type: 'fk',
        referred_table: 'customers',
        referred_columns: ['id'],
        referred_schema: DB,
        options: { ondelete: 'CASCADE' },
      },
    ]);
    expect(meta.indexes).toEqual([
      {
        name: 'orders_customer_fk',
        column_names: ['customer_id'],
        type: 'index',
        unique: false,
        options: {},
      },
      {
        name: 'orders_ordered_at_idx',
        column_names: ['ordered_at'],
        type: 'index',
        unique: false,
        options: {},
      },
    ]);
  });

  it('reports comments, defaults and unique indexes; null for missing tables', async () => {
    const meta = await connector.getTableMetadata('customers', null);
    expect(meta?.comment).toBe('People who buy');
    expect(meta?.columns.find((c) => c.name === 'name')).toMatchObject({
      comment: 'Full name',
      longType: 'VARCHAR(100)',
      type_generic: 1,
    });
    expect(meta?.columns.find((c) => c.name === 'score')?.default).toBeNull();
    expect(meta?.columns.find((c) => c.name === 'active')?.default).toBe('1');
    expect(meta?.columns.find((c) => c.name === 'signup')).toMatchObject({ type_generic: 2, is_dttm: true });
    expect(meta?.indexes).toEqual([
      { name: 'customers_name_key', column_names: ['name'], type: 'index', unique: true, options: {} },
    ]);
    expect(await connector.getTableMetadata('nope', DB)).toBeNull();
    expect(await connector.getTableMetadata('only_here', DB2)).not.toBeNull();
  });

  it('lists built-in and user function names', async () => {
    const names = await connector.getFunctionNames();
    expect(names).toContain('CONCAT');
    expect(names).toContain('tessera_double');
  });

  it('builds SELECT * with backtick quoting', () => {
    expect(connector.selectStar('orders', DB, ['id', 'my col'], 5)).toBe(
      `SELECT id,\n       \`my col\`\nFROM ${DB}.orders\nLIMIT 5`,
    );
  });

  it('reads maxRows rows, flags truncation and keeps the session usable', async () => {
    const session = await connector.openSession({ readOnly: true, schema: DB2 });
    try {
      const result = await session.execute(
        `SELECT id, amount, ordered_at, note FROM ${DB}.orders ORDER BY id`,
        { maxRows: 10 },
      );
      expect(result.rows).toHaveLength(10);
      expect(result.truncated).toBe(true);
      expect(result.rows[0]).toEqual([1, 10.25, '2024-02-02T00:00:00.000', 'n1']);
      // The truncated read replaced the connection: schema and read-only still apply to the new one.
      expect((await session.execute('SELECT x FROM only_here', { maxRows: 10 })).rows).toEqual([[42]]);
      expect((await failure(session.execute('INSERT INTO only_here VALUES (1)', { maxRows: 10 }))).kind).toBe(
        'DML_NOT_ALLOWED_ERROR',
      );
      const all = await session.execute(`SELECT id FROM ${DB}.orders`, { maxRows: 50 });
      expect(all.truncated).toBe(false);
      expect(all.rows).toHaveLength(50);
    } finally {
      await session.close();
    }
  });

  it('maps result column types and JSON-safe values', async () => {
    const session = await connector.openSession({ readOnly: true });
    try {
      const result = await session.execute(
        `SELECT 9007199254740993 AS big, (SELECT id FROM orders WHERE id = 7) AS small, CAST(1.5 AS DECIMAL(10,2)) AS n, DATE '2024-03-04' AS d,
                TIMESTAMP '2024-03-04 05:06:07' AS ts, 'x' AS t, X'DEAD' AS bytes, signup, active FROM customers WHERE id = 1`,
        { maxRows: 5 },
      );
      expect(result.columns.map((c) => [c.name, c.type, c.type_generic, c.is_dttm])).toEqual([
        ['big', 'BIGINT', 0, false],
        ['small', 'BIGINT', 0, false],
        ['n', 'DECIMAL', 0, false],
        ['d', 'DATE', 2, true],
        ['ts', 'DATETIME', 2, true],
        ['t', 'VARCHAR', 1, false],
        ['bytes', 'VARBINARY', null, false],
        ['signup', 'DATE', 2, true],
        ['active', 'TINYINT', 0, false],
      ]);
      expect(result.rows[0]).toEqual([
        '9007199254740993',
        7,
        1.5,
        '2024-03-04',
        '2024-03-04T05:06:07',
        'x',
        '\\xdead',
        '2024-01-02',
        0,
      ]);
    } finally {
      await session.close();
    }
  });

  it('enforces read-only in the engine, DDL included', async () => {
    const session = await connector.openSession({ readOnly: true });
    try {
      expect(
        (await failure(session.execute('INSERT INTO customers (id, name) VALUES (99, "x")', { maxRows: 1 })))
          .kind,
      ).toBe('DML_NOT_ALLOWED_ERROR');
      await session.execute('SET SESSION TRANSACTION READ WRITE', { maxRows: 1 });
      expect((await failure(session.execute('CREATE TABLE sneaky (x INT)', { maxRows: 1 }))).kind).toBe(
        'DML_NOT_ALLOWED_ERROR',
      );
    } finally {
      await session.close();
    }
    expect(await connector.getTableMetadata('sneaky', DB)).toBeNull();
    const writer = await connector.openSession({ readOnly: false, schema: DB2 });
    try {
      expect(
        (await writer.execute('INSERT INTO only_here VALUES (1), (2)', { maxRows: 1 })).affectedRows,
      ).toBe(2);
      await writer.execute('DELETE FROM only_here WHERE x < 3', { maxRows: 1 });
    } finally {
      await writer.close();
    }
  });

  it('cancels a running query with KILL QUERY', async () => {
    const session = await connector.openSession({ readOnly: true });
    const running = session.execute('SELECT SLEEP(30)', { maxRows: 10 });
    await expect.poll(() => runningQueries('SELECT SLEEP(30)'), { timeout: 10_000 }).toBe(1);
    await session.cancel();
    expect((await failure(running)).kind).toBe('cancelled');
    await expect.poll(() => runningQueries('SELECT SLEEP(30)'), { timeout: 10_000 }).toBe(0);
    expect((await failure(session.execute('SELECT 1', { maxRows: 1 }))).kind).toBe('cancelled');
    await session.close();
  });

  it('cancels through the AbortSignal', async () => {
    const session = await connector.openSession({ readOnly: false });
    const controller = new AbortController();
    const running = session.execute('SELECT SLEEP(29)', { maxRows: 10, signal: controller.signal });
    await expect.poll(() => runningQueries('SELECT SLEEP(29)'), { timeout: 10_000 }).toBe(1);
    controller.abort();
    expect((await failure(running)).kind).toBe('cancelled');
    await session.close();
  });

  it('classifies query errors', async () => {
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
    } finally {
      await session.close();
    }
    expect(await failure(connector.openSession({ readOnly: true, schema: 'nosuch_schema' }))).toMatchObject({
      kind: 'SCHEMA_DOES_NOT_EXIST_ERROR',
      params: { schema: 'nosuch_schema' },
    });
  });

  it('explains as JSON', async () => {
    const session = await connector.openSession({ readOnly: true });
    try {
      const plan = await session.explain('SELECT * FROM orders WHERE id = 1');
      expect(plan[0]?.EXPLAIN).toMatchObject({ query_block: expect.any(Object) as unknown });
    } finally {
      await session.close();
    }
  });

  describe('connection errors', () => {
    async function testError(uri: string): Promise<ConnectorError> {
      const candidate = createConnector(uri, { connectTimeoutMs: 3000 });
      try {
        return await failure(candidate.testConnection());
      } finally {
        await candidate.close();
      }
    }

    it('unknown host', async () => {
      const error = await testError('mysql://root:pw@nohost.invalid:3306/x');
      expect(error.kind).toBe('CONNECTION_INVALID_HOSTNAME_ERROR');
      expect(error.message).toBe('The hostname "nohost.invalid" cannot be resolved.');
    });

    it('closed port', async () => {
      const error = await testError('mysql://root:pw@127.0.0.1:1/x');
      expect(error.kind).toBe('CONNECTION_PORT_CLOSED_ERROR');
      expect(error.message).toBe('Port 1 on hostname "127.0.0.1" refused the connection.');
    });

    it('wrong password', async () => {
      const error = await testError(`mysql://${USER}:wrong-password@127.0.0.1:3306/${DB}`);
      expect(error.kind).toBe('CONNECTION_ACCESS_DENIED_ERROR');
      expect(error.message).toBe(`Either the username "${USER}" or the password is incorrect.`);
      expect(error.message).not.toContain('wrong-password');
    });

    it('no permission on the database', async () => {
      const error = await testError(`mysql://${USER}:right-password@127.0.0.1:3306/${DB}`);
      expect(error.kind).toBe('CONNECTION_DATABASE_PERMISSIONS_ERROR');
    });

    it('a server that accepts but never answers times out as host down', async () => {
      const silent = createServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const address = silent.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      try {
        const candidate = createConnector('mysql://u:pw@127.0.0.1:' + String(port) + '/x', {
          connectTimeoutMs: 500,
        });
        expect((await failure(candidate.testConnection())).kind).toBe('CONNECTION_HOST_DOWN_ERROR');
        await candidate.close();
      } finally {
        silent.close();
      }
    });

    it('unknown database', async () => {
      const error = await testError('mysql://root@127.0.0.1:3306/nope');
      expect(error.kind).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');
      expect(error.message).toBe('Unable to connect to database "nope".');
    });
  });
});
