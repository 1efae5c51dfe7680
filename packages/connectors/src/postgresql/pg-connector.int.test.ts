import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnector } from '../index';
import type { Connector, ConnectorError } from '../index';

// The process id keeps two test runs on this machine from sharing a database.
const DB = `tessera_connectors_test_${String(process.pid)}`;
const URI = `postgresql://postgres@127.0.0.1:5432/${DB}`;

const FIXTURE = `
CREATE SCHEMA sales;
CREATE TABLE customers (
  id integer PRIMARY KEY,
  name varchar(100) NOT NULL,
  signup date,
  active boolean DEFAULT true,
  score numeric(10,2),
  created_at timestamp
);
COMMENT ON TABLE customers IS 'People who buy';
COMMENT ON COLUMN customers.name IS 'Full name';
CREATE UNIQUE INDEX customers_name_key ON customers (name);
CREATE TABLE orders (
  id bigint PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  amount numeric(10,2),
  ordered_at timestamptz,
  note text,
  payload bytea
);
CREATE INDEX orders_ordered_at_idx ON orders (ordered_at);
CREATE VIEW big_orders AS SELECT * FROM orders WHERE amount > 100;
CREATE MATERIALIZED VIEW order_totals AS SELECT customer_id, sum(amount) AS total FROM orders GROUP BY 1;
CREATE TABLE events (id integer, at date NOT NULL) PARTITION BY RANGE (at);
CREATE TABLE events_2024 PARTITION OF events FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE sales.only_here (x integer);
INSERT INTO customers
  SELECT g, 'customer ' || g, date '2024-01-01' + g, g % 2 = 0, g * 1.5, timestamp '2024-01-01 10:00:00' + g * interval '1 hour'
  FROM generate_series(1, 5) g;
INSERT INTO orders
  SELECT g, 1 + g % 5, g * 10.25, timestamptz '2024-02-01 00:00:00+00' + g * interval '1 day', 'n' || g, '\\xdead'::bytea
  FROM generate_series(1, 50) g;
INSERT INTO sales.only_here VALUES (42);
`;

async function admin<T>(work: (client: pg.Client) => Promise<T>, database = 'postgres'): Promise<T> {
  const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function activeQueries(text: string): Promise<number> {
  return admin(async (client) => {
    const result = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query = $2 AND state = $3',
      [DB, text, 'active'],
    );
    return result.rows[0]?.n ?? 0;
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

describe('PostgreSQL connector', () => {
  let connector: Connector;

  beforeAll(async () => {
    await admin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${DB}`);
    });
    await admin((client) => client.query(FIXTURE), DB);
    connector = createConnector(URI);
  });

  afterAll(async () => {
    await connector.close();
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`));
  });

  it('describes itself and connects', async () => {
    expect(connector.engine).toBe('postgresql');
    expect(connector.engineName).toBe('PostgreSQL');
    expect(connector.supportsCatalogs).toBe(true);
    await expect(connector.testConnection()).resolves.toBeUndefined();
  });

  it('lists the current database as catalog and only user schemas', async () => {
    expect(await connector.getCatalogs()).toEqual([DB]);
    const schemas = await connector.getSchemas();
    expect(schemas).toEqual(['public', 'sales']);
  });

  it('lists tables, views and materialized views sorted by name', async () => {
    expect(await connector.getTables('public')).toEqual([
      { name: 'big_orders', type: 'view' },
      { name: 'customers', type: 'table' },
      { name: 'events', type: 'table' },
      { name: 'events_2024', type: 'table' },
      { name: 'order_totals', type: 'materialized_view' },
      { name: 'orders', type: 'table' },
    ]);
    expect(await connector.getTables('sales')).toEqual([{ name: 'only_here', type: 'table' }]);
  });

  it('describes columns, keys and indexes', async () => {
    const meta = await connector.getTableMetadata('orders', 'public');
    expect(meta).not.toBeNull();
    if (!meta) return;
    expect(meta.columns.map((c) => [c.name, c.longType, c.type_generic, c.is_dttm, c.nullable])).toEqual([
      ['id', 'BIGINT', 0, false, false],
      ['customer_id', 'INTEGER', 0, false, false],
      ['amount', 'NUMERIC(10,2)', 0, false, true],
      ['ordered_at', 'TIMESTAMP WITH TIME ZONE', 2, true, true],
      ['note', 'TEXT', 1, false, true],
      ['payload', 'BYTEA', null, false, true],
    ]);
    expect(meta.columns[2]?.type).toBe('NUMERIC');
    expect(meta.primaryKey).toEqual({ name: 'orders_pkey', column_names: ['id'] });
    expect(meta.foreignKeys).toEqual([
      {
        name: 'orders_customer_id_fkey',
        column_names: ['customer_id'],
        type: 'fk',
        referred_table: 'customers',
        referred_columns: ['id'],
        referred_schema: 'public',
        options: { ondelete: 'CASCADE' },
      },
    ]);
    expect(meta.indexes).toEqual([
      {
        name: 'orders_ordered_at_idx',
        column_names: ['ordered_at'],
        type: 'index',
        unique: false,
        options: {},
      },
    ]);
  });

  it('reports comments, defaults and unique indexes', async () => {
    const meta = await connector.getTableMetadata('customers', null);
    expect(meta?.comment).toBe('People who buy');
    expect(meta?.columns.find((c) => c.name === 'name')).toMatchObject({
      comment: 'Full name',
      longType: 'VARCHAR(100)',
      type: 'VARCHAR',
    });
    expect(meta?.columns.find((c) => c.name === 'active')).toMatchObject({
      default: 'true',
      type_generic: 3,
    });
    expect(meta?.columns.find((c) => c.name === 'signup')).toMatchObject({ type_generic: 2, is_dttm: true });
    expect(meta?.indexes).toEqual([
      { name: 'customers_name_key', column_names: ['name'], type: 'index', unique: true, options: {} },
    ]);
  });

  it('returns null for a missing table', async () => {
    expect(await connector.getTableMetadata('nope', 'public')).toBeNull();
    expect(await connector.getTableMetadata('only_here', 'public')).toBeNull();
    expect(await connector.getTableMetadata('only_here', 'sales')).not.toBeNull();
  });

  it('reports partitioning as extra metadata', async () => {
    const extra = await connector.getTableExtraMetadata('events', 'public');
    expect(extra.partitions).toEqual({
      strategy: 'range',
      key: 'RANGE (at)',
      cols: ['at'],
      partitions: ['events_2024'],
    });
    const child = await connector.getTableExtraMetadata('events_2024', 'public');
    expect(child.metadata.partition_of).toMatchObject({ table: 'events', schema: 'public' });
    expect(await connector.getTableExtraMetadata('orders', 'public')).toEqual({
      metadata: {},
      partitions: null,
      clustering: null,
    });
  });

  it('lists function names from pg_proc', async () => {
    const names = await connector.getFunctionNames();
    expect(names).toContain('lower');
    expect(names).toContain('pg_sleep');
    expect(names).toContain('sum');
  });

  it('builds SELECT * with quoting and a limit', () => {
    expect(connector.selectStar('orders', 'public', ['id', 'Amount'], 10)).toBe(
      'SELECT id,\n       "Amount"\nFROM public.orders\nLIMIT 10',
    );
    expect(connector.quoteIdentifier('we"ird')).toBe('"we""ird"');
  });

  it('reads maxRows rows and flags truncation', async () => {
    const session = await connector.openSession({ readOnly: true });
    try {
      const result = await session.execute('SELECT id, amount, ordered_at, note FROM orders ORDER BY id', {
        maxRows: 10,
      });
      expect(result.rows).toHaveLength(10);
      expect(result.truncated).toBe(true);
      expect(result.rows[0]).toEqual([1, 10.25, '2024-02-02T00:00:00+00:00', 'n1']);
      const all = await session.execute('SELECT id FROM orders', { maxRows: 50 });
      expect(all.rows).toHaveLength(50);
      expect(all.truncated).toBe(false);
    } finally {
      await session.close();
    }
  });

  it('reads a self-limited statement whole, read-only, one statement only', async () => {
    const session = await connector.openSession({ readOnly: true });
    try {
      const bounded = { maxRows: 5, boundedByStatement: true };
      const result = await session.execute('SELECT id, ordered_at FROM orders ORDER BY id LIMIT 5', bounded);
      expect(result.rows).toEqual([
        [1, '2024-02-02T00:00:00+00:00'],
        [2, expect.any(String)],
        [3, expect.any(String)],
        [4, expect.any(String)],
        [5, expect.any(String)],
      ]);
      expect(result.truncated).toBe(false);
      expect(result.columns.map((column) => column.type_generic)).toEqual([0, 2]);
      await expect(session.execute('SELECT 1; SELECT 2', bounded)).rejects.toThrow(/multiple commands/);
      await expect(session.execute('CREATE TABLE nope (x int)', bounded)).rejects.toThrow(/read-only/);
    } finally {
      await session.close();
    }
  });

  it('maps result column types and JSON-safe values', async () => {
    const session = await connector.openSession({ readOnly: true });
    try {
      const result = await session.execute(
        `SELECT 9007199254740993::int8 AS big, 7::int8 AS small, 1.5::numeric AS n, date '2024-03-04' AS d,
                timestamp '2024-03-04 05:06:07.5' AS ts, true AS b, 'x'::text AS t, '\\xdead'::bytea AS bytes,
                ARRAY[date '2024-01-01'] AS dates, '{"a": 1}'::jsonb AS j`,
        { maxRows: 5 },
      );
      expect(result.columns.map((c) => [c.name, c.type, c.type_generic, c.is_dttm])).toEqual([
        ['big', 'BIGINT', 0, false],
        ['small', 'BIGINT', 0, false],
        ['n', 'NUMERIC', 0, false],
        ['d', 'DATE', 2, true],
        ['ts', 'TIMESTAMP WITHOUT TIME ZONE', 2, true],
        ['b', 'BOOLEAN', 3, false],
        ['t', 'TEXT', 1, false],
        ['bytes', 'BYTEA', null, false],
        ['dates', 'DATE[]', null, false],
        ['j', 'JSONB', null, false],
      ]);
      expect(result.rows[0]).toEqual([
        '9007199254740993',
        7,
        1.5,
        '2024-03-04',
        '2024-03-04T05:06:07.5',
        true,
        'x',
        '\\xdead',
        ['2024-01-01'],
        { a: 1 },
      ]);
    } finally {
      await session.close();
    }
  });

  it('enforces read-only in the engine', async () => {
    const session = await connector.openSession({ readOnly: true });
    try {
      const error = await failure(session.execute('INSERT INTO sales.only_here VALUES (1)', { maxRows: 10 }));
      expect(error.kind).toBe('DML_NOT_ALLOWED_ERROR');
      // One statement cannot switch its own transaction back to read-write.
      await session.execute('SET TRANSACTION READ WRITE', { maxRows: 10 });
      expect((await failure(session.execute('CREATE TABLE sneaky (x int)', { maxRows: 10 }))).kind).toBe(
        'DML_NOT_ALLOWED_ERROR',
      );
    } finally {
      await session.close();
    }
    const writer = await connector.openSession({ readOnly: false });
    try {
      const result = await writer.execute('INSERT INTO sales.only_here VALUES (1), (2)', { maxRows: 10 });
      expect(result.affectedRows).toBe(2);
      await writer.execute('DELETE FROM sales.only_here WHERE x < 3', { maxRows: 10 });
    } finally {
      await writer.close();
    }
  });

  it('sets the search_path from the session schema', async () => {
    const session = await connector.openSession({ readOnly: true, schema: 'sales' });
    try {
      const result = await session.execute('SELECT x FROM only_here', { maxRows: 10 });
      expect(result.rows).toEqual([[42]]);
    } finally {
      await session.close();
    }
  });

  it('cancels a running query on the server', async () => {
    const session = await connector.openSession({ readOnly: true });
    const running = session.execute('SELECT pg_sleep(30)', { maxRows: 10 });
    await expect.poll(() => activeQueries('SELECT pg_sleep(30)'), { timeout: 10_000 }).toBe(1);
    await session.cancel();
    expect((await failure(running)).kind).toBe('cancelled');
    expect(await activeQueries('SELECT pg_sleep(30)')).toBe(0);
    // Stop is final for the session.
    expect((await failure(session.execute('SELECT 1', { maxRows: 1 }))).kind).toBe('cancelled');
    await session.close();
  });

  it('cancels through the AbortSignal', async () => {
    const session = await connector.openSession({ readOnly: false });
    const controller = new AbortController();
    const running = session.execute('SELECT pg_sleep(29)', { maxRows: 10, signal: controller.signal });
    await expect.poll(() => activeQueries('SELECT pg_sleep(29)'), { timeout: 10_000 }).toBe(1);
    controller.abort();
    expect((await failure(running)).kind).toBe('cancelled');
    await session.close();
  });

  it('classifies query errors', async () => {
    const session = await connector.openSession({ readOnly: false });
    try {
      const syntax = await failure(session.execute('SELEC 1', { maxRows: 1 }));
      expect(syntax.kind).toBe('SYNTAX_ERROR');
      const table = await failure(session.execute('SELECT * FROM nope', { maxRows: 1 }));
      expect(table).toMatchObject({ kind: 'TABLE_DOES_NOT_EXIST_ERROR', params: { table: 'nope' } });
      const column = await failure(session.execute('SELECT nocol FROM orders', { maxRows: 1 }));
      expect(column).toMatchObject({ kind: 'COLUMN_DOES_NOT_EXIST_ERROR', params: { column: 'nocol' } });
      const schema = await failure(session.execute('CREATE TABLE nosuch_schema.t (x int)', { maxRows: 1 }));
      expect(schema).toMatchObject({
        kind: 'SCHEMA_DOES_NOT_EXIST_ERROR',
        params: { schema: 'nosuch_schema' },
      });
    } finally {
      await session.close();
    }
  });

  it('explains as JSON', async () => {
    const session = await connector.openSession({ readOnly: true });
    try {
      const plan = await session.explain('SELECT * FROM orders WHERE id = 1;');
      expect(plan).toHaveLength(1);
      expect(JSON.stringify(plan[0])).toContain('"Node Type"');
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
      const error = await testError('postgresql://postgres:pw@nohost.invalid:5432/x');
      expect(error.kind).toBe('CONNECTION_INVALID_HOSTNAME_ERROR');
      expect(error.message).toBe('The hostname "nohost.invalid" cannot be resolved.');
    });

    it('closed port', async () => {
      const error = await testError('postgresql://postgres:pw@127.0.0.1:1/x');
      expect(error.kind).toBe('CONNECTION_PORT_CLOSED_ERROR');
      expect(error.message).toBe('Port 1 on hostname "127.0.0.1" refused the connection.');
    });

    it('unknown role', async () => {
      const error = await testError('postgresql://tessera_no_such_role:secretpw@127.0.0.1:5432/postgres');
      expect(error.kind).toBe('CONNECTION_INVALID_USERNAME_ERROR');
      expect(error.message).not.toContain('secretpw');
    });

    it('a server that accepts but never answers times out as host down', async () => {
      const silent = createServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const address = silent.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      try {
        const candidate = createConnector('postgresql://u:pw@127.0.0.1:' + String(port) + '/x', {
          connectTimeoutMs: 500,
        });
        expect((await failure(candidate.testConnection())).kind).toBe('CONNECTION_HOST_DOWN_ERROR');
        await candidate.close();
      } finally {
        silent.close();
      }
    });

    it('unknown database', async () => {
      const error = await testError('postgresql://postgres:secretpw@127.0.0.1:5432/nope');
      expect(error.kind).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');
      expect(error.message).toBe('Unable to connect to database "nope".');
    });

    // This server trusts every local connection (pg_hba "trust"), so a wrong password cannot be
    // produced here; 28P01 is covered by the unit test and wrong passwords by the MariaDB suite.
  });
});
