import type pg from 'pg';
import { myAdminQuery, pgAdminQuery } from './engine-admin';
import { withPgAdmin } from './harness';

/**
 * A PostgreSQL database and a MariaDB database of one suite's own, filled from its fixture SQL: the
 * setup the engine suites (SQL Lab, chart data) share. Both carry the suite's name and the process id,
 * so two runs on this machine never share one. MariaDB checks go through `myAdminQuery`, naming the
 * suite's tables as `${name}.table`.
 */
export interface EngineDatabases {
  /** The name of both databases. */
  readonly name: string;
  /** The URIs the suite registers them under. */
  readonly pgUri: string;
  readonly myUri: string;
  /** Rows of one SQL text (parameters allowed) run as postgres in the suite's database. */
  pg<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

export async function createEngineDatabases(
  suite: string,
  fixtures: { pg: string; my: string },
): Promise<EngineDatabases> {
  const name = `tessera_${suite}_${String(process.pid)}`;
  const pgQuery = <T extends pg.QueryResultRow>(sql: string, params?: unknown[]) =>
    pgAdminQuery<T>(name, sql, params);
  // The two engines are independent: fill them side by side.
  await Promise.all([
    (async () => {
      await withPgAdmin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${name}`);
      });
      await pgQuery(fixtures.pg);
    })(),
    myAdminQuery(`DROP DATABASE IF EXISTS ${name}; CREATE DATABASE ${name}; USE ${name}; ${fixtures.my}`),
  ]);
  return {
    name,
    pgUri: `postgresql://postgres@127.0.0.1:5432/${name}`,
    myUri: `mysql://root@127.0.0.1:3306/${name}`,
    pg: pgQuery,
    async drop() {
      await Promise.all([
        withPgAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
        myAdminQuery(`DROP DATABASE IF EXISTS ${name}`),
      ]);
    },
  };
}
