import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnector } from '../index';
import type { Connector, ConnectorSession } from '../index';
import { myAdmin, pgAdmin } from './engine-admin.test-support';

// execute(sql, {readOnly: true}) on a writable session (CTAS without DML runs its setup this way):
// that one statement cannot write, and the next writable statement still can.
const PID = String(process.pid);
const PG_DB = `tessera_stmt_ro_${PID}`;
const MY_DB = `tessera_stmt_ro_${PID}`;
const PG_ROLE = `tessera_stmt_ro_role_${PID}`;

async function expectStatementReadOnly(connector: Connector, insert: string, count: string): Promise<void> {
  const session: ConnectorSession = await connector.openSession({ readOnly: false });
  try {
    await expect(session.execute(insert, { maxRows: 0, readOnly: true })).rejects.toThrow();
    const before = await session.execute(count, { maxRows: 1 });
    expect(before.rows).toEqual([[0]]);
    await session.execute(insert, { maxRows: 0 });
    const after = await session.execute(count, { maxRows: 1 });
    expect(after.rows).toEqual([[1]]);
  } finally {
    await session.close();
  }
}

describe('one read-only statement on a writable session', () => {
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-stmt-ro-'));
    await pgAdmin(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
    await pgAdmin(`CREATE DATABASE ${PG_DB}`);
    await pgAdmin(`DROP ROLE IF EXISTS ${PG_ROLE}`);
    await pgAdmin(`CREATE ROLE ${PG_ROLE} NOLOGIN`);
    await pgAdmin(
      `CREATE TABLE t (a integer); CREATE TABLE kept (a integer); INSERT INTO kept VALUES (1);
       CREATE EXTENSION dblink; GRANT USAGE ON SCHEMA public TO ${PG_ROLE}`,
      PG_DB,
    );
    await myAdmin(
      `DROP DATABASE IF EXISTS ${MY_DB}; CREATE DATABASE ${MY_DB}; CREATE TABLE ${MY_DB}.t (a INT)`,
    );
  });

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await pgAdmin(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
    await pgAdmin(`DROP ROLE IF EXISTS ${PG_ROLE}`);
    await myAdmin(`DROP DATABASE IF EXISTS ${MY_DB}`);
  });

  it('PostgreSQL', async () => {
    const connector = createConnector(`postgresql://postgres@127.0.0.1:5432/${PG_DB}`);
    try {
      await expectStatementReadOnly(connector, 'INSERT INTO t VALUES (1)', 'SELECT count(*)::int FROM t');
    } finally {
      await connector.close();
    }
  });

  it('PostgreSQL takes readOnlyRole in read-only statements only', async () => {
    const connector = createConnector(`postgresql://postgres@127.0.0.1:5432/${PG_DB}`, {
      readOnlyRole: PG_ROLE,
    });
    const session = await connector.openSession({ readOnly: false });
    try {
      const who = (options: { readOnly?: boolean }) =>
        session.execute('SELECT current_user::text', { maxRows: 1, ...options }).then((r) => r.rows);
      expect(await who({ readOnly: true })).toEqual([[PG_ROLE]]);
      expect(await who({})).toEqual([['postgres']]);
      const readOnly = await connector.openSession({ readOnly: true });
      try {
        expect((await readOnly.execute('SELECT current_user::text', { maxRows: 1 })).rows).toEqual([
          [PG_ROLE],
        ]);
        await expect(readOnly.execute('SELECT pg_stat_reset()', { maxRows: 1 })).rejects.toThrow(
          /permission denied/,
        );
        // dblink_exec opens its own read-write connection: as the role it may not connect without a
        // password, so the DELETE never runs.
        await expect(
          readOnly.execute(
            `SELECT dblink_exec('host=127.0.0.1 dbname=${PG_DB} user=postgres', 'DELETE FROM kept')`,
            { maxRows: 1 },
          ),
        ).rejects.toThrow();
        const other = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:5432/${PG_DB}` });
        await other.connect();
        try {
          const pid = (await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
          await expect(
            readOnly.execute(`SELECT pg_terminate_backend(${String(pid)})`, { maxRows: 1 }),
          ).rejects.toThrow();
          expect((await other.query<{ n: number }>('SELECT count(*)::int AS n FROM kept')).rows).toEqual([
            { n: 1 },
          ]);
        } finally {
          await other.end();
        }
      } finally {
        await readOnly.close();
      }
    } finally {
      await session.close();
      await connector.close();
    }
  });

  it('MySQL/MariaDB', async () => {
    const connector = createConnector(`mysql://root@127.0.0.1:3306/${MY_DB}`);
    try {
      await expectStatementReadOnly(connector, 'INSERT INTO t VALUES (1)', 'SELECT COUNT(*) FROM t');
    } finally {
      await connector.close();
    }
  });

  it('SQLite', async () => {
    const connector = createConnector('sqlite:///stmt.db', { baseDir: dir, createFile: true });
    try {
      const setup = await connector.openSession({ readOnly: false });
      await setup.execute('CREATE TABLE t (a INTEGER)', { maxRows: 0 });
      await setup.close();
      await expectStatementReadOnly(connector, 'INSERT INTO t VALUES (1)', 'SELECT count(*) FROM t');
    } finally {
      await connector.close();
    }
  });

  it('DuckDB', async () => {
    const connector = createConnector('duckdb:///stmt.duckdb', { baseDir: dir, createFile: true });
    try {
      const setup = await connector.openSession({ readOnly: false });
      await setup.execute('CREATE TABLE t (a INTEGER)', { maxRows: 0 });
      await setup.close();
      await expectStatementReadOnly(connector, 'INSERT INTO t VALUES (1)', 'SELECT count(*)::INTEGER FROM t');
    } finally {
      await connector.close();
    }
  });
});
