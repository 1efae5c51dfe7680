import { createConnection } from 'mysql2/promise';
import pg from 'pg';

/** Superuser access to the test engines, for fixtures and for checking what a query changed. */

/** Rows of one SQL text (parameters allowed) run as postgres in `database`. */
export async function pgAdminQuery<T extends pg.QueryResultRow>(
  database: string,
  sql: string,
  params?: unknown[],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:5432/${database}` });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** Runs SQL (several statements allowed) as MariaDB root and returns the driver's rows. */
export async function myAdminQuery(sql: string): Promise<unknown> {
  const conn = await createConnection({
    host: '127.0.0.1',
    port: 3306,
    user: 'root',
    password: '',
    multipleStatements: true,
  });
  try {
    const [rows] = await conn.query(sql);
    return rows;
  } finally {
    await conn.end();
  }
}
