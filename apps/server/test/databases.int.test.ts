import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, withPgAdmin, type TestServer } from './harness';

const SECRET = 'S3cret-Pa55word';
// The process id keeps two test runs on this machine from sharing a database.
const PG_DB = `tessera_browse_test_${String(process.pid)}`;
const MY_DB = `tessera_browse_test_${String(process.pid)}`;
const MY_USER = 'tessera_reader';

async function preparePostgres(): Promise<void> {
  await withPgAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${PG_DB}`);
  });
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: `postgresql://postgres@127.0.0.1:5432/${PG_DB}` });
  await client.connect();
  await client.query(`
    CREATE SCHEMA shop;
    CREATE TABLE shop.customers (id serial PRIMARY KEY, name text NOT NULL, signed_up date, vip boolean DEFAULT false);
    CREATE TABLE shop.orders (
      id bigserial PRIMARY KEY,
      customer_id integer NOT NULL REFERENCES shop.customers(id),
      amount numeric(10,2),
      ordered_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX orders_customer_idx ON shop.orders(customer_id);
    CREATE VIEW shop.big_orders AS SELECT * FROM shop.orders WHERE amount > 100;
    COMMENT ON TABLE shop.orders IS 'One row per order';
  `);
  await client.end();
}

async function prepareMariaDb(): Promise<void> {
  const connection = await createConnection({
    host: '127.0.0.1',
    port: 3306,
    user: 'root',
    password: '',
    multipleStatements: true,
  });
  await connection.query(`
    DROP DATABASE IF EXISTS ${MY_DB};
    CREATE DATABASE ${MY_DB};
    CREATE TABLE ${MY_DB}.customers (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(100) NOT NULL, signed_up DATE);
    CREATE TABLE ${MY_DB}.orders (
      id BIGINT AUTO_INCREMENT PRIMARY KEY,
      customer_id INT NOT NULL,
      amount DECIMAL(10,2),
      ordered_at DATETIME NOT NULL,
      INDEX orders_customer_idx (customer_id),
      CONSTRAINT orders_customer_fk FOREIGN KEY (customer_id) REFERENCES ${MY_DB}.customers(id)
    ) ENGINE=InnoDB;
    CREATE OR REPLACE VIEW ${MY_DB}.big_orders AS SELECT * FROM ${MY_DB}.orders WHERE amount > 100;
    CREATE USER IF NOT EXISTS '${MY_USER}'@'%' IDENTIFIED BY '${SECRET}';
    CREATE USER IF NOT EXISTS '${MY_USER}'@'localhost' IDENTIFIED BY '${SECRET}';
    ALTER USER '${MY_USER}'@'%' IDENTIFIED BY '${SECRET}';
    ALTER USER '${MY_USER}'@'localhost' IDENTIFIED BY '${SECRET}';
    GRANT SELECT, SHOW VIEW ON ${MY_DB}.* TO '${MY_USER}'@'%';
    GRANT SELECT, SHOW VIEW ON ${MY_DB}.* TO '${MY_USER}'@'localhost';
    FLUSH PRIVILEGES;
  `);
  await connection.end();
}

interface ErrorsBody {
  errors: {
    error_type: string;
    message: string;
    extra: { issue_codes?: { code: number }[]; engine_name?: string };
  }[];
}

describe.each(METADATA_BACKENDS)('database connections on %s metadata', (backend) => {
  let server: TestServer;
  let token: string;
  const seen: string[] = [];

  const call: TestServer['request'] = async (method, url, options = {}) => {
    const response = await server.request(method, url, { token, ...options });
    seen.push(response.body);
    return response;
  };

  beforeAll(async () => {
    await preparePostgres();
    await prepareMariaDb();
    server = await startTestServer(backend);
    token = await server.token();
  });
  afterAll(async () => {
    await server.close();
  });

  it('adds, tests, lists and browses a PostgreSQL connection with its password masked', async () => {
    const uri = `postgresql://postgres:${SECRET}@127.0.0.1:5432/${PG_DB}`;
    const test = await call('POST', '/api/v1/database/test_connection/', { body: { sqlalchemy_uri: uri } });
    expect(test.statusCode).toBe(200);
    const created = await call('POST', '/api/v1/database/', {
      body: { database_name: 'shop-pg', sqlalchemy_uri: uri, expose_in_sqllab: true },
    });
    expect(created.statusCode).toBe(201);
    const { id, result } = created.json<{
      id: number;
      result: { sqlalchemy_uri: string; backend: string };
    }>();
    expect(result.sqlalchemy_uri).toBe(`postgresql://postgres:XXXXXXXXXX@127.0.0.1:5432/${PG_DB}`);
    expect(result.backend).toBe('postgresql');

    const stored = await server.ctx.store.db
      .selectFrom('databases')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(SECRET);
    expect(stored.password_encrypted).toMatch(/^v1:/);

    const list = await call('GET', '/api/v1/database/?q=(filters:!((col:database_name,opr:ct,value:shop)))');
    expect(list.json<{ count: number }>().count).toBe(1);
    // The search text matches literally: '_' is not a wildcard, and it is not dropped either.
    const countMatching = async (text: string) =>
      (
        await call('GET', `/api/v1/database/?q=(filters:!((col:database_name,opr:ct,value:'${text}')))`)
      ).json<{
        count: number;
      }>().count;
    expect(await countMatching('shop_')).toBe(0);
    expect(await countMatching('p-p')).toBe(1);
    const underscored = await call('POST', '/api/v1/database/', {
      body: { database_name: 'shop_pg_copy', sqlalchemy_uri: uri },
    });
    expect(await countMatching('shop_pg')).toBe(1);
    expect(await countMatching('%')).toBe(0);
    await call('DELETE', `/api/v1/database/${underscored.json<{ id: number }>().id}`);

    const schemas = await call('GET', `/api/v1/database/${id}/schemas/?q=(force:!t)`);
    expect(schemas.json<{ result: string[] }>().result).toEqual(expect.arrayContaining(['public', 'shop']));
    expect(schemas.json<{ result: string[] }>().result).not.toContain('pg_catalog');

    const tables = await call('GET', `/api/v1/database/${id}/tables/?q=(schema_name:shop)`);
    expect(tables.json()).toEqual({
      count: 3,
      result: [
        { value: 'big_orders', type: 'view', extra: null },
        { value: 'customers', type: 'table', extra: null },
        { value: 'orders', type: 'table', extra: null },
      ],
    });

    const metadata = await call('GET', `/api/v1/database/${id}/table_metadata/?name=orders&schema=shop`);
    expect(metadata.statusCode).toBe(200);
    const body = metadata.json<{
      columns: { name: string; type_generic: number | null; is_dttm: boolean }[];
      primaryKey: { column_names: string[]; type: string };
      foreignKeys: { referred_table: string; column_names: string[] }[];
      indexes: { name: string; column_names: string[] }[];
      selectStar: string;
    }>();
    expect(body.columns.map((column) => column.name)).toEqual(['id', 'customer_id', 'amount', 'ordered_at']);
    expect(body.columns.find((column) => column.name === 'ordered_at')).toMatchObject({
      type_generic: 2,
      is_dttm: true,
    });
    expect(body.primaryKey).toMatchObject({ column_names: ['id'], type: 'pk' });
    expect(body.foreignKeys[0]).toMatchObject({ referred_table: 'customers', column_names: ['customer_id'] });
    expect(body.indexes.map((index) => index.name)).toContain('orders_customer_idx');
    expect(body.selectStar).toContain('LIMIT 100');

    const missing = await call('GET', `/api/v1/database/${id}/table_metadata/?name=nope&schema=shop`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorsBody>().errors[0]?.error_type).toBe('TABLE_NOT_FOUND_ERROR');

    const edited = await call('PUT', `/api/v1/database/${id}`, {
      body: { sqlalchemy_uri: result.sqlalchemy_uri, allow_run_async: true },
    });
    expect(edited.statusCode).toBe(200);
    // The mask kept the stored password, so the connection still works.
    const retest = await call('POST', '/api/v1/database/test_connection/', {
      body: { sqlalchemy_uri: result.sqlalchemy_uri, id },
    });
    expect(retest.statusCode).toBe(200);
  });

  it('adds and browses a MariaDB connection that needs its password', async () => {
    const uri = `mysql://${MY_USER}:${SECRET}@127.0.0.1:3306/${MY_DB}`;
    const created = await call('POST', '/api/v1/database/', {
      body: { database_name: 'shop-maria', sqlalchemy_uri: uri },
    });
    expect(created.statusCode).toBe(201);
    const { id, result } = created.json<{ id: number; result: { sqlalchemy_uri: string } }>();
    expect(result.sqlalchemy_uri).not.toContain(SECRET);
    const schemas = await call('GET', `/api/v1/database/${id}/schemas/`);
    expect(schemas.json<{ result: string[] }>().result).toContain(MY_DB);
    const tables = await call('GET', `/api/v1/database/${id}/tables/?q=(schema_name:${MY_DB})`);
    expect(tables.json<{ result: { value: string; type: string }[] }>().result).toEqual([
      { value: 'big_orders', type: 'view', extra: null },
      { value: 'customers', type: 'table', extra: null },
      { value: 'orders', type: 'table', extra: null },
    ]);
    const metadata = await call('GET', `/api/v1/database/${id}/table_metadata/?name=orders&schema=${MY_DB}`);
    const body = metadata.json<{
      foreignKeys: { referred_table: string }[];
      primaryKey: { column_names: string[] };
    }>();
    expect(body.primaryKey.column_names).toEqual(['id']);
    expect(body.foreignKeys[0]?.referred_table).toBe('customers');

    const wrongPassword = await call('POST', '/api/v1/database/test_connection/', {
      body: { sqlalchemy_uri: `mysql://${MY_USER}:wrong-${SECRET}@127.0.0.1:3306/${MY_DB}` },
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(['CONNECTION_INVALID_PASSWORD_ERROR', 'CONNECTION_ACCESS_DENIED_ERROR']).toContain(
      wrongPassword.json<ErrorsBody>().errors[0]?.error_type,
    );
  });

  it.each([
    ['postgresql://postgres@nohost.invalid:5432/x', 'CONNECTION_INVALID_HOSTNAME_ERROR', 1007],
    ['postgresql://postgres@127.0.0.1:1/x', 'CONNECTION_PORT_CLOSED_ERROR', 1008],
    ['postgresql://postgres@127.0.0.1:5432/no_such_database_here', 'CONNECTION_UNKNOWN_DATABASE_ERROR', 1015],
    ['mysql://root@127.0.0.1:3306/no_such_database_here', 'CONNECTION_UNKNOWN_DATABASE_ERROR', 1015],
  ])('test_connection classifies %s', async (uri, errorType, issueCode) => {
    const response = await call('POST', '/api/v1/database/test_connection/', {
      body: { sqlalchemy_uri: uri },
    });
    expect(response.statusCode).toBe(422);
    const error = response.json<ErrorsBody>().errors[0];
    expect(error?.error_type).toBe(errorType);
    expect(error?.extra.issue_codes?.map((item) => item.code)).toContain(issueCode);
    expect(error?.extra.engine_name).toBeTruthy();
  });

  it('refuses duplicate names, unknown fields, bad JSON in extra and the metadata store itself', async () => {
    const duplicate = await call('POST', '/api/v1/database/', {
      body: { database_name: 'shop-pg', sqlalchemy_uri: 'sqlite://' },
    });
    expect(duplicate.statusCode).toBe(422);
    const unknownField = await call('POST', '/api/v1/database/', {
      body: { database_name: 'x1', sqlalchemy_uri: 'sqlite://', bogus: 1 },
    });
    expect(unknownField.json()).toEqual({ message: { bogus: ['Unknown field.'] } });
    const badExtra = await call('POST', '/api/v1/database/', {
      body: { database_name: 'x2', sqlalchemy_uri: 'sqlite://', extra: '{nope' },
    });
    expect(badExtra.statusCode).toBe(400);
    const badScheme = await call('POST', '/api/v1/database/', {
      body: { database_name: 'x3', sqlalchemy_uri: 'oracle://a@b/c' },
    });
    expect(badScheme.statusCode).toBe(400);
    expect(badScheme.json<{ message: Record<string, string[]> }>().message.sqlalchemy_uri).toBeDefined();
    if (backend === 'sqlite') {
      const meta = await call('POST', '/api/v1/database/', {
        body: { database_name: 'meta', sqlalchemy_uri: 'sqlite:///tessera.db' },
      });
      expect(meta.statusCode).toBe(422);
    }
  });

  it('answers unknown ids with 404 and deletes', async () => {
    expect((await call('GET', '/api/v1/database/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/database/abc')).statusCode).toBe(404);
    expect(
      (await call('GET', '/api/v1/database/999999/schemas/')).json<ErrorsBody>().errors[0]?.error_type,
    ).toBe('DATABASE_NOT_FOUND_ERROR');
    const created = await call('POST', '/api/v1/database/', {
      body: { database_name: 'to-delete', sqlalchemy_uri: 'sqlite://' },
    });
    const { id } = created.json<{ id: number }>();
    expect((await call('DELETE', `/api/v1/database/${id}`)).json()).toEqual({ message: 'OK' });
    expect((await call('GET', `/api/v1/database/${id}`)).statusCode).toBe(404);
  });

  it('never shows the stored password in a response or a log line', () => {
    for (const body of seen) expect(body).not.toContain(SECRET);
    expect(server.logs.length).toBeGreaterThan(0);
    for (const line of server.logs) expect(line).not.toContain(SECRET);
  });
});
