import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ensureAdmin, openContext } from '../src/init';
import { loadConfig } from '../src/platform/config';
import { ADMIN_PASSWORD, withPgAdmin, type TestServer } from './harness';
import {
  clientId,
  createDatabase,
  queryDict,
  runSql,
  waitFor,
  type ExecuteBody,
  type QueryDictBody,
} from './sqllab-support';

const root = path.resolve(import.meta.dirname, '../../..');
const bin = path.join(root, 'apps/server/bin/tessera.mjs');
/** A Redis database of its own, so the queue is not shared with anything else on this Redis. */
const REDIS_URL = 'redis://127.0.0.1:6379/13';
// The process id keeps two test runs on this machine from sharing a database.
const DATA_DB = `tessera_sqllab_async_data_${String(process.pid)}`;

interface Worker {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function pgActive(needle: string): Promise<number> {
  const result = await withPgAdmin((client) =>
    client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = $1 AND state = 'active' AND query LIKE $2 AND pid <> pg_backend_pid()`,
      [DATA_DB, `%${needle}%`],
    ),
  );
  return result.rows[0]?.n ?? -1;
}

/** Server logs go nowhere: this suite checks behaviour through the API. */
function quiet(): Writable {
  return new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });
}

async function clearQueue(): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    for (const pattern of ['bull:tessera-*', 'tessera:results:*']) {
      const keys = await redis.keys(pattern);
      if (keys.length > 0) await redis.del(...keys);
    }
  } finally {
    redis.disconnect();
  }
}

describe('async SQL Lab with Redis and tessera worker processes', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-async-'));
  const metaDb = `tessera_meta_async_${randomBytes(5).toString('hex')}`;
  const env: Record<string, string> = {
    TESSERA_DATA_DIR: dataDir,
    TESSERA_SECRET_KEY: randomBytes(36).toString('base64url'),
    TESSERA_METADATA_URL: `postgresql://postgres@127.0.0.1:5432/${metaDb}`,
    REDIS_URL,
    TESSERA_LOG_LEVEL: 'warn',
    TESSERA_WEB_DIST: path.join(dataDir, 'no-web-build'),
  };
  const workers: Worker[] = [];
  let server: Pick<TestServer, 'request' | 'token'>;
  let close: () => Promise<void>;
  let token: string;
  let pgAsync: number;

  function startWorker(): Promise<Worker> {
    const child = spawn(process.execPath, [bin, 'worker', '--concurrency', '4'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const worker: Worker = { child, output: () => output, exited };
    workers.push(worker);
    return waitFor(
      'worker start',
      () => Promise.resolve(output.includes('is consuming queries')),
      60_000,
    ).then(
      () => worker,
      (error: unknown) => {
        throw new Error(`${String(error)}\n${output}`);
      },
    );
  }

  async function stopWorker(worker: Worker): Promise<void> {
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGTERM');
    await worker.exited;
  }

  const stateOf = async (id: string): Promise<QueryDictBody | undefined> =>
    queryDict(server as TestServer, token, id);

  beforeAll(async () => {
    await clearQueue();
    await withPgAdmin(async (client) => {
      await client.query(`CREATE DATABASE ${metaDb}`);
      await client.query(`DROP DATABASE IF EXISTS ${DATA_DB} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${DATA_DB}`);
    });
    const data = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:5432/${DATA_DB}` });
    await data.connect();
    await data.query(`CREATE TABLE items (n integer PRIMARY KEY, label text);
      INSERT INTO items SELECT g, 'item ' || g FROM generate_series(1, 500) g;`);
    await data.end();

    const base = await openContext(loadConfig(env, dataDir));
    await ensureAdmin(base, 'admin', ADMIN_PASSWORD);
    const { app } = await buildApp(base, { logStream: quiet() });
    await app.ready();
    const request: TestServer['request'] = (method, url, options = {}) =>
      app.inject({
        method,
        url,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
      });
    server = {
      request,
      token: async (username = 'admin', password = ADMIN_PASSWORD) => {
        const response = await request('POST', '/api/v1/security/login', {
          body: { username, password, provider: 'db' },
        });
        return response.json<{ access_token: string }>().access_token;
      },
    };
    close = async () => {
      await app.close();
      await base.store.close();
    };
    token = await server.token();
    pgAsync = await createDatabase(server as TestServer, token, {
      database_name: 'pg_async',
      sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${DATA_DB}`,
      allow_run_async: true,
    });
  });

  afterAll(async () => {
    for (const worker of workers) await stopWorker(worker);
    await close();
    await withPgAdmin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${metaDb} WITH (FORCE)`);
      await client.query(`DROP DATABASE IF EXISTS ${DATA_DB} WITH (FORCE)`);
    });
    await clearQueue();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const runAsync = (sql: string, id: string, extra: Record<string, unknown> = {}) =>
    runSql(server as TestServer, token, {
      database_id: pgAsync,
      sql,
      runAsync: true,
      client_id: id,
      ...extra,
    });

  it('fails the query with ASYNC_WORKERS_ERROR when the queue cannot take it', async () => {
    const base = await openContext(loadConfig({ ...env, REDIS_URL: 'redis://127.0.0.1:1/0' }, dataDir));
    const { app } = await buildApp(base, { logStream: quiet() });
    await app.ready();
    try {
      const id = clientId('noq');
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/sqllab/execute/',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ database_id: pgAsync, sql: 'SELECT 1', runAsync: true, client_id: id }),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json<{ errors: { error_type: string }[] }>().errors[0]?.error_type).toBe(
        'ASYNC_WORKERS_ERROR',
      );
      expect((await stateOf(id))?.state).toBe('failed');
    } finally {
      await app.close();
      await base.store.close();
    }
  });

  it('refuses to run a worker without REDIS_URL', async () => {
    const child = spawn(process.execPath, [bin, 'worker'], {
      cwd: root,
      env: { ...process.env, ...env, REDIS_URL: '' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/REDIS_URL/);
  });

  describe('with a worker', () => {
    let worker: Worker;
    beforeAll(async () => {
      worker = await startWorker();
    });

    it('goes pending → running → success and serves the results by key', async () => {
      const id = clientId('flow');
      const response = await runAsync('SELECT pg_sleep(1.5); SELECT n, label FROM items ORDER BY n', id, {
        queryLimit: 100,
      });
      expect(response.statusCode).toBe(202);
      const states = [response.json<{ query: QueryDictBody }>().query.state];
      expect(states[0]).toBe('pending');
      const done = await waitFor(
        'async success',
        async () => {
          const dict = await stateOf(id);
          if (dict && states[states.length - 1] !== dict.state) states.push(dict.state);
          return dict?.state === 'success' ? dict : null;
        },
        30_000,
        100,
      );
      expect(states).toEqual(['pending', 'running', 'success']);
      expect(done).toMatchObject({ rows: 100, limitingFactor: 'DROPDOWN', progress: 100 });
      expect(done.resultsKey).toEqual(expect.any(String));
      const results = await server.request(
        'GET',
        `/api/v1/sqllab/results/?q=${encodeURIComponent(`(key:'${done.resultsKey ?? ''}',rows:1000)`)}`,
        { token },
      );
      expect(results.statusCode).toBe(200);
      const body = results.json<ExecuteBody>();
      expect(body.data).toHaveLength(100);
      expect(body.data[99]).toEqual({ n: 100, label: 'item 100' });
      expect(body.query.state).toBe('success');
    });

    it('reports engine errors of async runs on the query', async () => {
      const id = clientId('aerr');
      expect((await runAsync('SELECT missing_column FROM items', id)).statusCode).toBe(202);
      const failed = await waitFor('async failure', async () => {
        const dict = await stateOf(id);
        return dict?.state === 'failed' ? dict : null;
      });
      const errors = failed.extra.errors as { error_type: string; extra: { engine_name: string } }[];
      expect(errors[0]).toMatchObject({
        error_type: 'COLUMN_DOES_NOT_EXIST_ERROR',
        extra: { engine_name: 'PostgreSQL' },
      });
      expect(failed.errorMessage).toEqual(expect.any(String));
    });

    it('stops an async query on the worker within a second or so', async () => {
      const id = clientId('astop');
      expect((await runAsync('SELECT pg_sleep(30) AS async_stop', id)).statusCode).toBe(202);
      await waitFor('async running', async () => (await pgActive('pg_sleep(30) AS async_stop')) === 1);
      const stop = await server.request('POST', '/api/v1/query/stop', { token, body: { client_id: id } });
      expect(stop.json()).toEqual({ result: 'OK' });
      await waitFor(
        'engine cancel',
        async () => (await pgActive('pg_sleep(30) AS async_stop')) === 0,
        3000,
        100,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await stateOf(id))?.state).toBe('stopped');
    });

    it('ends a query whose worker was killed as failed once a new worker starts', async () => {
      const id = clientId('kill');
      expect((await runAsync('SELECT pg_sleep(60) AS doomed', id)).statusCode).toBe(202);
      await waitFor('running on the worker', async () => (await stateOf(id))?.state === 'running');
      await waitFor('engine busy', async () => (await pgActive('pg_sleep(60) AS doomed')) === 1);
      worker.child.kill('SIGKILL');
      await worker.exited;
      expect((await stateOf(id))?.state).toBe('running');

      worker = await startWorker();
      const ended = await waitFor(
        'orphan sweep',
        async () => {
          const dict = await stateOf(id);
          return dict && dict.state !== 'running' ? dict : null;
        },
        60_000,
        500,
      );
      expect(ended.state).toBe('failed');
      const errors = ended.extra.errors as { error_type: string }[];
      expect(errors[0]?.error_type).toBe('ASYNC_WORKERS_ERROR');
      expect(ended.errorMessage).toMatch(/worker/i);
      await withPgAdmin((client) =>
        client.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query LIKE '%doomed%' AND pid <> pg_backend_pid()`,
          [DATA_DB],
        ),
      );

      // The new worker serves new queries.
      const next = clientId('after');
      expect((await runAsync('SELECT 1 AS ok', next)).statusCode).toBe(202);
      await waitFor('next query', async () => (await stateOf(next))?.state === 'success');
    });

    it('returns the existing query for a repeated client id', async () => {
      const id = clientId('dup');
      expect((await runAsync('SELECT pg_sleep(2) AS dup', id)).statusCode).toBe(202);
      const again = await runAsync('SELECT pg_sleep(2) AS dup', id);
      expect(again.statusCode).toBe(202);
      expect(again.json<{ query: QueryDictBody }>().query.id).toBe(id);
      await waitFor('dup success', async () => (await stateOf(id))?.state === 'success');
      const list = await server.request(
        'GET',
        `/api/v1/query/?q=${encodeURIComponent(`(filters:!((col:client_id,opr:eq,value:'${id}')))`)}`,
        { token },
      );
      expect(list.json<{ count: number }>().count).toBe(1);
    });

    afterAll(async () => {
      await stopWorker(worker);
    });
  });

  it('enforces SQLLAB_ASYNC_TIME_LIMIT_SEC on the worker', async () => {
    writeFileSync(
      path.join(dataDir, 'tessera.config.json'),
      JSON.stringify({ constants: { SQLLAB_ASYNC_TIME_LIMIT_SEC: 2 } }),
    );
    const worker = await startWorker();
    try {
      const id = clientId('limit');
      expect((await runAsync('SELECT pg_sleep(30) AS too_long', id)).statusCode).toBe(202);
      const ended = await waitFor('time limit', async () => {
        const dict = await stateOf(id);
        return dict?.state === 'timed_out' ? dict : null;
      });
      const errors = ended.extra.errors as { error_type: string; extra: { timeout: number } }[];
      expect(errors[0]).toMatchObject({ error_type: 'SQLLAB_TIMEOUT_ERROR', extra: { timeout: 2 } });
      expect(await pgActive('pg_sleep(30) AS too_long')).toBe(0);
    } finally {
      await stopWorker(worker);
    }
  });

  it('marks a query failed when the worker shuts down under it', async () => {
    writeFileSync(path.join(dataDir, 'tessera.config.json'), JSON.stringify({}));
    const worker = await startWorker();
    const id = clientId('shut');
    expect((await runAsync('SELECT pg_sleep(30) AS shutdown_me', id)).statusCode).toBe(202);
    await waitFor('running', async () => (await pgActive('pg_sleep(30) AS shutdown_me')) === 1);
    await stopWorker(worker);
    const dict = await stateOf(id);
    expect(dict?.state).toBe('failed');
    expect((dict?.extra.errors as { error_type: string }[])[0]?.error_type).toBe('ASYNC_WORKERS_ERROR');
    expect(await pgActive('pg_sleep(30) AS shutdown_me')).toBe(0);
  });
});
