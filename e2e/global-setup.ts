import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { E2E_DB } from './tests/credentials';

/** Real databases the flows connect to through the UI. */
export default async function globalSetup(): Promise<void> {
  const admin = new pg.Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${E2E_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${E2E_DB}`);
  await admin.end();
  const client = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:5432/${E2E_DB}` });
  await client.connect();
  await client.query(`
    CREATE SCHEMA inventory;
    CREATE TABLE inventory.widgets (id serial PRIMARY KEY, name text NOT NULL, price numeric(8,2), made_on date);
    INSERT INTO inventory.widgets (name, price, made_on) VALUES ('sprocket', 9.5, '2024-01-02'), ('gear', 3.25, '2024-02-03');
  `);
  await client.end();
  const maria = await createConnection({
    host: '127.0.0.1',
    port: 3306,
    user: 'root',
    password: '',
    multipleStatements: true,
  });
  await maria.query(`
    DROP DATABASE IF EXISTS ${E2E_DB};
    CREATE DATABASE ${E2E_DB};
    CREATE TABLE ${E2E_DB}.gadgets (id INT AUTO_INCREMENT PRIMARY KEY, label VARCHAR(50) NOT NULL, weight DOUBLE);
  `);
  await maria.end();
}
