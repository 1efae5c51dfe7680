import { createConnection } from 'mysql2/promise';
import pg from 'pg';

/** Superuser access to the test engines for connector integration fixtures; not used by production code. */

export async function pgAdmin(sql: string, database = 'postgres'): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function myAdmin(sql: string): Promise<void> {
  const conn = await createConnection({
    host: '127.0.0.1',
    port: 3306,
    user: 'root',
    password: '',
    multipleStatements: true,
  });
  try {
    await conn.query(sql);
  } finally {
    await conn.end();
  }
}
