import { withPgAdmin, type TestServer } from './harness';

/** The PostgreSQL database a test server keeps its metadata in. */
export function metadataDatabaseOf(server: TestServer): string {
  const name = new URL(server.ctx.config.metadataUrl).pathname.slice(1);
  if (!/^tessera_meta_[0-9a-f]+$/.test(name)) throw new Error(`unexpected metadata database ${name}`);
  return name;
}

/** Cuts the server off its metadata database: no new connections, and its own are terminated. */
export async function takeMetadataDown(database: string): Promise<void> {
  await withPgAdmin(async (client) => {
    await client.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
    await client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [database],
    );
  });
}

export async function bringMetadataBack(database: string): Promise<void> {
  await withPgAdmin((client) => client.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`));
}
