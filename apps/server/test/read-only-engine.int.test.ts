import { SECURITY_WARNING_MESSAGES } from '@tessera/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myAdminQuery, pgAdminQuery } from './engine-admin';
import { startTestServer, withPgAdmin, type TestServer } from './harness';
import { createDatabase, runSql, type ExecuteBody } from './sqllab-support';

// Read-only enforced below the parser (issue 9): template escaping per engine, CTAS whose earlier
// statements stay read-only, a restricted PostgreSQL role, privilege warnings and URI parameters.
// Every database, role and user name carries the process id, so parallel runs never collide.
const PID = String(process.pid);
const PG_DB = `tessera_ro_engine_${PID}`;
const MY_DB = `tessera_ro_engine_${PID}`;
const PG_RO_ROLE = `tessera_ro_role_${PID}`;
const PG_LOGIN = `tessera_ro_login_${PID}`;
const PG_FILES = `tessera_ro_files_${PID}`;
const MY_USER = `tessera_ro_${PID}`;
const SLOT = `tessera_ro_slot_${PID}`;

const pgQuery = <T extends pg.QueryResultRow>(sql: string): Promise<T[]> => pgAdminQuery<T>(PG_DB, sql);
const myAdmin = myAdminQuery;

interface WarningsBody {
  message?: string;
  security_warnings?: string[];
}

describe('read-only defences that do not depend on the parser', () => {
  let server: TestServer;
  let token: string;
  let pgCtas: number;
  let pgRole: number;
  let mariaId: number;

  beforeAll(async () => {
    await withPgAdmin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${PG_DB}`);
      for (const role of [PG_RO_ROLE, PG_LOGIN, PG_FILES]) await client.query(`DROP ROLE IF EXISTS ${role}`);
      await client.query(`CREATE ROLE ${PG_RO_ROLE} NOLOGIN`);
      await client.query(`CREATE ROLE ${PG_LOGIN} LOGIN`);
      await client.query(`CREATE ROLE ${PG_FILES} LOGIN IN ROLE pg_read_server_files`);
    });
    await pgQuery(`
      CREATE TABLE items (n integer);
      INSERT INTO items VALUES (1), (2), (3);
      CREATE SEQUENCE counter;
      GRANT USAGE ON SCHEMA public TO ${PG_RO_ROLE};
      GRANT SELECT ON items TO ${PG_RO_ROLE};
      GRANT CONNECT ON DATABASE ${PG_DB} TO ${PG_LOGIN}, ${PG_FILES};
    `);
    await myAdmin(`
      DROP DATABASE IF EXISTS ${MY_DB}; CREATE DATABASE ${MY_DB}; USE ${MY_DB};
      CREATE TABLE items (name VARCHAR(40));
      INSERT INTO items VALUES ('apple');
      CREATE TABLE secrets (s VARCHAR(40));
      INSERT INTO secrets VALUES ('top-secret-value');
      DROP USER IF EXISTS '${MY_USER}'@'%';
      DROP USER IF EXISTS '${MY_USER}'@'localhost';
      CREATE USER '${MY_USER}'@'%';
      CREATE USER '${MY_USER}'@'localhost';
      GRANT SELECT ON ${MY_DB}.* TO '${MY_USER}'@'%';
      GRANT SELECT ON ${MY_DB}.* TO '${MY_USER}'@'localhost';
    `);
    server = await startTestServer('sqlite');
    token = await server.token();
    pgCtas = await createDatabase(server, token, {
      database_name: 'pg_ctas',
      sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${PG_DB}`,
      allow_ctas: true,
    });
    pgRole = await createDatabase(server, token, {
      database_name: 'pg_role',
      sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${PG_DB}`,
      extra: JSON.stringify({ read_only_role: PG_RO_ROLE }),
    });
    mariaId = await createDatabase(server, token, {
      database_name: 'maria',
      sqlalchemy_uri: `mysql://root@127.0.0.1:3306/${MY_DB}`,
    });
  });

  afterAll(async () => {
    await server.close();
    await withPgAdmin(async (client) => {
      await client.query(
        `SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1`,
        [SLOT],
      );
      await client.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
      for (const role of [PG_RO_ROLE, PG_LOGIN, PG_FILES]) await client.query(`DROP ROLE IF EXISTS ${role}`);
    });
    await myAdmin(
      `DROP DATABASE IF EXISTS ${MY_DB}; DROP USER IF EXISTS '${MY_USER}'@'%'; DROP USER IF EXISTS '${MY_USER}'@'localhost'`,
    );
  });

  const run = (database: number, sql: string, extra: Record<string, unknown> = {}, query = '') =>
    runSql(server, token, { database_id: database, sql, queryLimit: 100, ...extra }, query);

  it("keeps url_param inside its literal on MariaDB, where \\' used to end it", async () => {
    const attack = encodeURIComponent("\\' UNION SELECT s FROM secrets -- ");
    const response = await run(
      mariaId,
      "SELECT name FROM items WHERE name = '{{ url_param('n') }}'",
      {},
      `?n=${attack}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain('top-secret-value');
    expect(response.json<ExecuteBody>().data).toEqual([]);
    const quoted = await run(
      mariaId,
      "SELECT '{{ url_param('n') }}' AS v",
      {},
      `?n=${encodeURIComponent("a\\b'c")}`,
    );
    expect(quoted.json<ExecuteBody>().data).toEqual([{ v: "a\\b'c" }]);
  });

  it('runs the statements before a CTAS read-only when the database does not allow DML', async () => {
    const ctas = (sql: string, table: string) =>
      run(pgCtas, sql, { select_as_cta: true, ctas_method: 'TABLE', tmp_table_name: table });
    const refused = await ctas("SELECT setval('counter', 42); SELECT 1 AS a", `ctas_setval_${PID}`);
    expect(refused.statusCode).not.toBe(200);
    expect(refused.body).toContain('read-only transaction');
    expect(await pgQuery('SELECT last_value::int AS v, is_called FROM counter')).toEqual([
      { v: 1, is_called: false },
    ]);
    expect(await pgQuery(`SELECT to_regclass('ctas_setval_${PID}') IS NULL AS missing`)).toEqual([
      { missing: true },
    ]);
    // The final CREATE TABLE AS still writes.
    const made = await ctas('SELECT 1 AS warmup; SELECT n FROM items', `ctas_ok_${PID}`);
    expect(made.statusCode, made.body).toBe(200);
    expect(await pgQuery(`SELECT count(*)::int AS c FROM ctas_ok_${PID}`)).toEqual([{ c: 3 }]);
  });

  it('runs read-only statements as extra.read_only_role on PostgreSQL', async () => {
    const who = await run(pgRole, 'SELECT current_user AS u, count(*)::int AS c FROM items');
    expect(who.statusCode, who.body).toBe(200);
    expect(who.json<ExecuteBody>().data).toEqual([{ u: PG_RO_ROLE, c: 3 }]);
    // A superuser connection could create a slot inside the read-only transaction; the role cannot.
    const slot = await run(pgRole, `SELECT pg_create_physical_replication_slot('${SLOT}')`);
    expect(slot.statusCode).not.toBe(200);
    const slots = await withPgAdmin((client) =>
      client.query('SELECT count(*)::int AS c FROM pg_replication_slots WHERE slot_name = $1', [SLOT]),
    );
    expect(slots.rows).toEqual([{ c: 0 }]);
    const reset = await run(pgRole, 'SELECT pg_stat_reset()');
    expect(reset.statusCode).not.toBe(200);
    expect(reset.body).toContain('permission denied');

    const badRole = await server.request('POST', '/api/v1/database/', {
      token,
      body: {
        database_name: 'bad_role',
        sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${PG_DB}`,
        extra: JSON.stringify({ read_only_role: 5 }),
      },
    });
    expect(badRole.statusCode, badRole.body).toBe(400);
    expect(badRole.json<{ message: Record<string, string[]> }>().message.extra).toEqual([
      'read_only_role must be a role name of 1 to 63 characters, or null.',
    ]);
  });

  it('warns when the connection user can do more than read', async () => {
    const test = async (uri: string) => {
      const response = await server.request('POST', '/api/v1/database/test_connection/', {
        token,
        body: { sqlalchemy_uri: uri },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<WarningsBody>();
    };
    expect(await test(`postgresql://postgres@127.0.0.1:5432/${PG_DB}`)).toEqual({
      message: 'OK',
      security_warnings: [SECURITY_WARNING_MESSAGES.superuser],
    });
    expect((await test(`postgresql://${PG_FILES}@127.0.0.1:5432/${PG_DB}`)).security_warnings).toEqual([
      SECURITY_WARNING_MESSAGES.pg_read_server_files,
    ]);
    expect((await test(`postgresql://${PG_LOGIN}@127.0.0.1:5432/${PG_DB}`)).security_warnings).toEqual([]);
    expect((await test(`mysql://root@127.0.0.1:3306/${MY_DB}`)).security_warnings).toEqual([
      SECURITY_WARNING_MESSAGES.file_privilege,
      SECURITY_WARNING_MESSAGES.super_privilege,
    ]);
    expect((await test(`mariadb://${MY_USER}@127.0.0.1:3306/${MY_DB}`)).security_warnings).toEqual([]);

    const page = await server.request('GET', `/api/v1/database/${String(mariaId)}`, { token });
    expect(page.json<{ result: WarningsBody }>().result.security_warnings).toContain(
      SECURITY_WARNING_MESSAGES.file_privilege,
    );
    const list = await server.request('GET', '/api/v1/database/', { token });
    const rows = list.json<{ result: (WarningsBody & { id: number })[] }>().result;
    expect(rows.find((row) => row.id === pgRole)?.security_warnings).toEqual([
      SECURITY_WARNING_MESSAGES.superuser,
    ]);
  });

  it('refuses driver parameters outside the allow-list at create, update and test_connection', async () => {
    const bad = `postgresql://postgres@127.0.0.1:5432/${PG_DB}?options=${encodeURIComponent(
      '-c session_preload_libraries=auto_explain',
    )}`;
    const create = await server.request('POST', '/api/v1/database/', {
      token,
      body: { database_name: 'preload', sqlalchemy_uri: bad },
    });
    expect(create.statusCode, create.body).toBe(400);
    expect(create.body).toContain('options');
    const test = await server.request('POST', '/api/v1/database/test_connection/', {
      token,
      body: { sqlalchemy_uri: bad },
    });
    expect(test.statusCode, test.body).toBe(400);
    const update = await server.request('PUT', `/api/v1/database/${String(pgCtas)}`, {
      token,
      body: { sqlalchemy_uri: `mysql://root@127.0.0.1:3306/${MY_DB}?localInfile=1` },
    });
    expect(update.statusCode, update.body).toBe(400);
    expect(update.body).toContain('localInfile');
    const allowed = await server.request('POST', '/api/v1/database/test_connection/', {
      token,
      body: {
        sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${PG_DB}?application_name=t&options=${encodeURIComponent('-c search_path=public')}`,
      },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);

    // A URI stored before the allow-list existed answers 422 naming the parameter, never a 500.
    const legacy = await createDatabase(server, token, {
      database_name: 'legacy',
      sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${PG_DB}`,
    });
    await server.ctx.store.db
      .updateTable('databases')
      .set({ sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${PG_DB}?sslkey=/etc/shadow` })
      .where('id', '=', legacy)
      .execute();
    await server.ctx.databases.evict(legacy);
    const schemas = await server.request('GET', `/api/v1/database/${String(legacy)}/schemas/`, { token });
    expect(schemas.statusCode, schemas.body).toBe(422);
    expect(schemas.body).toContain('sslkey');
    const list = await server.request('GET', '/api/v1/database/', { token });
    expect(list.statusCode, list.body).toBe(200);
  });
});
