import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptText } from '../src/platform/crypto';
import { startTestServer, withPgAdmin, type TestServer } from './harness';

// Every character that must be escaped inside a URI's userinfo.
const SECRET = 'p@ss:w/rd?#%x';
const PG_DB = `tessera_form_test_${String(process.pid)}`;
const PG_USER = `tessera_form_${String(process.pid)}`;
const MY_DB = `tessera_form_test_${String(process.pid)}`;
const MY_USER = 'tessera_form_user';

interface ErrorsBody {
  errors: {
    error_type: string;
    message: string;
    extra: { issue_codes?: { code: number }[]; missing?: string[]; invalid?: string[] };
  }[];
}
interface DatabaseBody {
  id: number;
  result: { sqlalchemy_uri: string; backend: string; parameters?: Record<string, unknown> };
}

async function preparePostgres(): Promise<void> {
  await withPgAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${PG_DB}`);
    await client.query(`DROP ROLE IF EXISTS ${PG_USER}`);
    await client.query(`CREATE ROLE ${PG_USER} LOGIN PASSWORD '${SECRET}'`);
  });
}

async function prepareMariaDb(): Promise<void> {
  const connection = await createConnection({ host: '127.0.0.1', port: 3306, user: 'root', password: '' });
  await connection.query(`DROP DATABASE IF EXISTS ${MY_DB}`);
  await connection.query(`CREATE DATABASE ${MY_DB}`);
  for (const host of ['%', 'localhost']) {
    await connection.query(`CREATE USER IF NOT EXISTS '${MY_USER}'@'${host}' IDENTIFIED BY '${SECRET}'`);
    await connection.query(`ALTER USER '${MY_USER}'@'${host}' IDENTIFIED BY '${SECRET}'`);
    await connection.query(`GRANT SELECT ON ${MY_DB}.* TO '${MY_USER}'@'${host}'`);
  }
  await connection.end();
}

// PostgreSQL's trust authentication (this machine) would let any password in; the escaping is still
// checked by reading the stored password back, and MariaDB checks it for real.
describe('connection parameters (Superset dynamic form)', () => {
  let server: TestServer;
  let token: string;
  const call: TestServer['request'] = (method, url, options = {}) =>
    server.request(method, url, { token, ...options });

  beforeAll(async () => {
    await preparePostgres();
    await prepareMariaDb();
    server = await startTestServer('sqlite');
    token = await server.token();
  });
  afterAll(async () => {
    await server.close();
  });

  const validate = (engine: string, parameters: Record<string, unknown>) =>
    call('POST', '/api/v1/database/validate_parameters/', {
      body: { engine, parameters, configuration_method: 'dynamic_form', database_name: 'x', catalog: null },
    });

  it('validate_parameters accepts complete parameters that reach a server', async () => {
    const response = await validate('postgresql', {
      host: '127.0.0.1',
      port: 5432,
      database: PG_DB,
      username: 'postgres',
      password: '',
      query: {},
      encryption: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'OK' });
  });

  it('validate_parameters names missing and malformed fields', async () => {
    const missing = await validate('postgresql', { host: '', port: 5432, username: 'u' });
    expect(missing.statusCode).toBe(422);
    const [error] = missing.json<ErrorsBody>().errors;
    expect(error?.error_type).toBe('CONNECTION_MISSING_PARAMETERS_ERROR');
    expect(error?.extra.missing).toEqual(['host', 'database']);
    expect(error?.extra.issue_codes?.map((issue) => issue.code)).toEqual([1018]);

    const badPort = await validate('mysql', { host: '127.0.0.1', port: 'abc', database: 'd', username: 'u' });
    expect(badPort.json<ErrorsBody>().errors[0]).toMatchObject({
      error_type: 'CONNECTION_INVALID_PORT_ERROR',
      extra: { invalid: ['port'] },
    });
    const badFile = await validate('sqlite', { file_path: '' });
    expect(badFile.json<ErrorsBody>().errors[0]?.extra.missing).toEqual(['file_path']);
  });

  it.each([
    [{ host: 'nohost.invalid', port: 5432 }, 'CONNECTION_INVALID_HOSTNAME_ERROR', ['host'], 1007],
    [{ host: '127.0.0.1', port: 1 }, 'CONNECTION_PORT_CLOSED_ERROR', ['port'], 1008],
  ])('validate_parameters checks the network for %j', async (where, errorType, invalid, code) => {
    const response = await validate('postgresql', { ...where, database: 'd', username: 'u' });
    expect(response.statusCode).toBe(422);
    const [error] = response.json<ErrorsBody>().errors;
    expect(error?.error_type).toBe(errorType);
    expect(error?.extra.invalid).toEqual(invalid);
    expect(error?.extra.issue_codes?.map((issue) => issue.code)).toEqual([code]);
  });

  it('validate_parameters refuses unknown engines and file paths outside the allowed directories', async () => {
    const engine = await validate('oracle', { host: 'h', database: 'd', username: 'u' });
    expect(engine.statusCode).toBe(422);
    expect(engine.json<{ message: Record<string, string[]> }>().message.engine?.[0]).toContain('"oracle"');
    const file = await validate('sqlite', { file_path: '/etc/passwd' });
    expect(file.statusCode).toBe(400);
    expect(file.json<{ message: Record<string, string[]> }>().message.sqlalchemy_uri?.[0]).toContain(
      'security reasons',
    );
  });

  it('creates, tests and edits a PostgreSQL connection from parameters, escaping the password', async () => {
    const parameters = {
      host: '127.0.0.1',
      port: 5432,
      database: PG_DB,
      username: PG_USER,
      password: SECRET,
      query: {},
      encryption: false,
    };
    const tested = await call('POST', '/api/v1/database/test_connection/', {
      body: { engine: 'postgresql', configuration_method: 'dynamic_form', parameters },
    });
    expect(tested.statusCode).toBe(200);
    const created = await call('POST', '/api/v1/database/', {
      body: {
        database_name: 'form-pg',
        engine: 'postgresql',
        configuration_method: 'dynamic_form',
        parameters,
      },
    });
    expect(created.statusCode).toBe(201);
    const { id, result } = created.json<DatabaseBody>();
    expect(result.sqlalchemy_uri).toBe(`postgresql://${PG_USER}:XXXXXXXXXX@127.0.0.1:5432/${PG_DB}`);
    expect(result.parameters).toEqual({ ...parameters, password: 'XXXXXXXXXX' });
    const stored = await server.ctx.store.db
      .selectFrom('databases')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.sqlalchemy_uri).toBe(`postgresql://${PG_USER}@127.0.0.1:5432/${PG_DB}`);
    expect(decryptText(server.ctx.keys.credentials, stored.password_encrypted ?? '')).toBe(SECRET);
    const schemas = await call('GET', `/api/v1/database/${id}/schemas/`);
    expect(schemas.json<{ result: string[] }>().result).toContain('public');

    // Editing sends the masked password back; the stored one is kept and still connects.
    const masked = { ...parameters, password: 'XXXXXXXXXX', encryption: true };
    const retest = await call('POST', '/api/v1/database/test_connection/', {
      body: { id, engine: 'postgresql', configuration_method: 'dynamic_form', parameters: masked },
    });
    expect([200, 422]).toContain(retest.statusCode); // TLS may be off on this server
    const edited = await call('PUT', `/api/v1/database/${id}`, {
      body: { engine: 'postgresql', configuration_method: 'dynamic_form', parameters: masked },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<DatabaseBody>().result.sqlalchemy_uri).toBe(
      `postgresql://${PG_USER}:XXXXXXXXXX@127.0.0.1:5432/${PG_DB}?sslmode=require`,
    );
    const after = await server.ctx.store.db
      .selectFrom('databases')
      .select('password_encrypted')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.password_encrypted).toBe(stored.password_encrypted);
    // The mask does not travel to another host.
    const moved = await call('PUT', `/api/v1/database/${id}`, {
      body: { engine: 'postgresql', parameters: { ...masked, host: 'elsewhere.example' } },
    });
    expect(moved.statusCode).toBe(422);
  });

  it('creates a MariaDB connection from parameters and marks a wrong password on its field', async () => {
    const parameters = { host: '127.0.0.1', port: '', database: MY_DB, username: MY_USER, password: SECRET };
    const created = await call('POST', '/api/v1/database/', {
      body: { database_name: 'form-maria', engine: 'mariadb', parameters, sqlalchemy_uri: '' },
    });
    expect(created.statusCode).toBe(201);
    const { id, result } = created.json<DatabaseBody>();
    expect(result.sqlalchemy_uri).toBe(`mariadb://${MY_USER}:XXXXXXXXXX@127.0.0.1:3306/${MY_DB}`);
    const schemas = await call('GET', `/api/v1/database/${id}/schemas/`);
    expect(schemas.statusCode).toBe(200);
    expect(schemas.json<{ result: string[] }>().result).toContain(MY_DB);

    const wrong = await call('POST', '/api/v1/database/test_connection/', {
      body: { engine: 'mariadb', parameters: { ...parameters, password: `${SECRET}-wrong` } },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<ErrorsBody>().errors[0]?.extra.invalid).toEqual(expect.arrayContaining(['password']));
    const incomplete = await call('POST', '/api/v1/database/', {
      body: { database_name: 'form-maria-2', engine: 'mariadb', parameters: { host: '127.0.0.1' } },
    });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json<ErrorsBody>().errors[0]?.extra.missing).toEqual(['database', 'username']);
  });

  it("accepts Superset's database modal payload in create, update and test_connection", async () => {
    const uri = `postgresql://postgres@127.0.0.1:5432/${PG_DB}`;
    const modal = {
      sqlalchemy_uri: uri,
      configuration_method: 'sqlalchemy_form',
      engine: 'postgresql',
      driver: 'psycopg2',
      parameters: { host: '', port: null, database: '', username: '', catalog: {} },
      masked_encrypted_extra: '{}',
      server_cert: '',
      impersonate_user: false,
    };
    const tested = await call('POST', '/api/v1/database/test_connection/', {
      body: { ...modal, database_name: 'superset-shaped', extra: '{}' },
    });
    expect(tested.statusCode).toBe(200);
    const created = await call('POST', '/api/v1/database/', {
      body: { ...modal, database_name: 'superset-shaped', expose_in_sqllab: true },
    });
    expect(created.statusCode).toBe(201);
    const { id, result } = created.json<DatabaseBody>();
    expect(result.sqlalchemy_uri).toBe(uri);
    const updated = await call('PUT', `/api/v1/database/${id}`, {
      body: { ...modal, database_name: 'superset-shaped-2', server_cert: null },
    });
    expect(updated.statusCode).toBe(200);

    const impersonate = await call('POST', '/api/v1/database/', {
      body: { ...modal, database_name: 'x-imp', impersonate_user: true },
    });
    expect(impersonate.statusCode).toBe(422);
    expect(impersonate.json<{ message: Record<string, string[]> }>().message.impersonate_user).toBeDefined();
    const cert = await call('PUT', `/api/v1/database/${id}`, {
      body: { ...modal, server_cert: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----' },
    });
    expect(cert.statusCode).toBe(422);
    expect(cert.json<{ message: Record<string, string[]> }>().message.server_cert).toBeDefined();
    const nothing = await call('POST', '/api/v1/database/', { body: { database_name: 'x-none' } });
    expect(nothing.statusCode).toBe(400);
    const blank = await call('PUT', `/api/v1/database/${id}`, { body: { sqlalchemy_uri: ' ' } });
    expect(blank.statusCode).toBe(400);
  });
});
