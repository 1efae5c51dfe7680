/**
 * What the server benchmarks share: the PostgreSQL bench database, a Tessera server on its own port and data
 * dir, logging in and calling the API as admin, and the statistics they print.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'bench-admin-password';
const BENCH_DB = 'tessera_bench';
export const BENCH_PG_URI = `postgresql://postgres@127.0.0.1:5432/${BENCH_DB}`;

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** A client of the bench database, created first when missing; the caller ends it. */
export async function benchDatabaseClient(): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [BENCH_DB]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  await admin.end();
  const client = new pg.Client({ connectionString: BENCH_PG_URI });
  await client.connect();
  return client;
}

/** Milliseconds for the raw driver to answer `sql` and serialise the rows, as the server must. */
export async function timeRawQuery(client: pg.Client, sql: string): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  const result = await client.query(sql);
  JSON.stringify(result.rows);
  return { ms: performance.now() - started, rows: result.rowCount ?? 0 };
}

export async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface BenchServer {
  readonly base: string;
  readonly password: string;
  readonly process: ChildProcess;
  /** GET, or POST of `body` as JSON, with the bearer token. */
  readonly api: (pathname: string, token: string, body?: unknown) => Promise<Response>;
  /** The admin's access token. */
  readonly login: () => Promise<string>;
  /** Registers the bench database as `bench-pg`; answers its id. */
  readonly addBenchDatabase: (token: string) => Promise<number>;
  /** Stops the server and removes its data dir. */
  readonly stop: () => Promise<void>;
}

interface StartOptions {
  port: number;
  /** The name of the temporary data dir starts with this. */
  name: string;
  /** Written to tessera.config.json. */
  constants: Record<string, number>;
  startTimeoutMs: number;
}

/** Starts `tessera start` on a fresh data dir and waits until /health answers. */
export async function startBenchServer({
  port,
  name,
  constants,
  startTimeoutMs,
}: StartOptions): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `tessera-bench-${name}-`));
  writeFileSync(path.join(dataDir, 'tessera.config.json'), JSON.stringify({ constants }));
  // BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server under a bench.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  const child = spawn('node', [...nodeArgs, 'apps/server/bin/tessera.mjs', 'start'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      TESSERA_PORT: String(port),
      TESSERA_HOST: '127.0.0.1',
      TESSERA_DATA_DIR: dataDir,
      TESSERA_ADMIN_PASSWORD: PASSWORD,
      TESSERA_LOG_LEVEL: 'warn',
      // Benches register SQLite files they make in the temp dir; file databases are refused elsewhere.
      TESSERA_ALLOWED_DATA_FILE_DIRS: tmpdir(),
    },
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const api = (pathname: string, token: string, body?: unknown) =>
    fetch(`${base}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const server: BenchServer = {
    base,
    password: PASSWORD,
    process: child,
    api,
    login: async () => {
      const response = await fetch(`${base}/api/v1/security/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD, provider: 'db' }),
      });
      return (await json<{ access_token: string }>(response)).access_token;
    },
    addBenchDatabase: async (token) => {
      const response = await api('/api/v1/database/', token, {
        database_name: 'bench-pg',
        sqlalchemy_uri: BENCH_PG_URI,
      });
      return (await json<{ id: number }>(response)).id;
    },
    stop,
  };
  const deadline = performance.now() + startTimeoutMs;
  while (performance.now() < deadline) {
    try {
      if ((await fetch(`${base}/health`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error('server did not start');
}
