import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { bringMetadataBack, metadataDatabaseOf, takeMetadataDown } from './metadata-outage';
import { clientId, createDatabase, createUser, errorOf, runSql, waitFor } from './sqllab-support';

interface ReadyBody {
  status: string;
  backends: { metadata: string; redis?: string };
}

async function readiness(server: TestServer): Promise<{ status: number; body: ReadyBody }> {
  const response = await server.request('GET', '/health/ready');
  return { status: response.statusCode, body: response.json<ReadyBody>() };
}

describe('metadata store (PostgreSQL) going away and coming back', () => {
  let server: TestServer;
  let database: string;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer('postgres');
    database = metadataDatabaseOf(server);
    token = await server.token();
  });

  afterAll(async () => {
    await bringMetadataBack(database).catch(() => undefined);
    await server.close();
  });

  it('stays up, reports the outage on /health/ready, answers 503, and recovers', async () => {
    expect(await readiness(server)).toEqual({
      status: 200,
      body: { status: 'ready', backends: { metadata: 'up' } },
    });
    expect((await server.request('GET', '/api/v1/database/', { token })).statusCode).toBe(200);

    await takeMetadataDown(database);
    // The terminated idle connections emit 'error' events; unhandled, they would end this process.
    await waitFor('the lost connection to be logged', () =>
      Promise.resolve(server.logs.some((line) => line.includes('metadata store connection lost'))),
    );
    const liveness = await server.request('GET', '/health');
    expect(liveness.statusCode).toBe(200);
    expect(await readiness(server)).toEqual({
      status: 503,
      body: { status: 'unavailable', backends: { metadata: 'down' } },
    });
    const during = await server.request('GET', '/api/v1/database/', { token });
    expect(during.statusCode).toBe(503);
    expect(errorOf(during)).toMatchObject({
      error_type: 'GENERIC_BACKEND_ERROR',
      message: expect.stringContaining('metadata database or Redis') as unknown,
    });

    await bringMetadataBack(database);
    expect((await readiness(server)).status).toBe(200);
    expect((await server.request('GET', '/api/v1/database/', { token })).statusCode).toBe(200);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    redis.once('error', reject);
    redis.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString('utf8').includes('Ready to accept connections')) resolve();
    });
  });
  return redis;
}

async function stopRedis(redis: ChildProcess): Promise<void> {
  if (redis.exitCode !== null) return;
  const exited = new Promise((resolve) => redis.once('exit', resolve));
  redis.kill('SIGKILL');
  await exited;
}

describe('Redis going away and coming back', () => {
  let server: TestServer;
  let redis: ChildProcess;
  let port: number;
  let token: string;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    server = await startTestServer('sqlite', { env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    token = await server.token();
  });

  afterAll(async () => {
    await server.close();
    await stopRedis(redis);
  });

  it('stays up, reports Redis down on /health/ready, keeps serving, and recovers', async () => {
    expect(await readiness(server)).toEqual({
      status: 200,
      body: { status: 'ready', backends: { metadata: 'up', redis: 'up' } },
    });

    await stopRedis(redis);
    const down = await waitFor('readiness to see Redis down', async () => {
      const now = await readiness(server);
      return now.status === 503 ? now : null;
    });
    expect(down.body).toEqual({ status: 'unavailable', backends: { metadata: 'up', redis: 'down' } });
    expect((await server.request('GET', '/health')).statusCode).toBe(200);
    // What does not need Redis keeps working.
    expect((await server.request('GET', '/api/v1/database/', { token })).statusCode).toBe(200);

    redis = await startRedis(port);
    await waitFor('readiness to see Redis back', async () => (await readiness(server)).status === 200);
    expect((await readiness(server)).body.backends.redis).toBe('up');
  });
});

describe('per-user limits on a shared database pool', () => {
  let server: TestServer;
  let admin: string;
  let other: string;
  let pgId: number;

  beforeAll(async () => {
    // A pool of 4: one user may hold 2 connections and run 3 queries at a time.
    server = await startTestServer('sqlite', {
      configFile: { database_pool_size: 4, user_pool_share: 0.5, user_max_running_queries: 3 },
    });
    admin = await server.token();
    other = await createUser(server, admin, `other_${process.pid}`, 'Admin');
    pgId = await createDatabase(server, admin, {
      database_name: `resources_pg_${process.pid}`,
      sqlalchemy_uri: 'postgresql://postgres@127.0.0.1:5432/postgres',
      allow_run_async: true,
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it("gives another user a connection while one user's slow queries wait for their share", async () => {
    const adminId = 1;
    const finished: string[] = [];
    const slow = Array.from({ length: 6 }, (_, i) =>
      runSql(server, admin, {
        database_id: pgId,
        sql: 'SELECT pg_sleep(1.5)',
        client_id: clientId('s'),
      }).then((response) => {
        finished.push(`slow${i}`);
        return response;
      }),
    );
    await waitFor('the slow queries to take their share', () =>
      Promise.resolve(server.ctx.databases.slots.running(adminId) === 2),
    );
    // Never more than the share: the rest of the pool stays free for others.
    expect(server.ctx.databases.slots.waitingFor(adminId)).toBe(4);
    const quick = await runSql(server, other, { database_id: pgId, sql: 'SELECT 1 AS one' });
    finished.push('quick');
    expect(quick.statusCode, quick.body).toBe(200);
    expect(quick.json<{ data: unknown[] }>().data).toEqual([{ one: 1 }]);
    // The other user did not wait behind the slow queries.
    expect(finished).toEqual(['quick']);
    for (const response of await Promise.all(slow)) expect(response.statusCode).toBe(200);
    expect(server.ctx.databases.slots.running(adminId)).toBe(0);
  });

  it('refuses an async run beyond the per-user limit with a 429 SIP-40 error', async () => {
    const ids = [clientId('a'), clientId('a'), clientId('a')];
    const accepted = await Promise.all(
      ids.map((id) =>
        runSql(server, admin, {
          database_id: pgId,
          sql: 'SELECT pg_sleep(1)',
          client_id: id,
          runAsync: true,
        }),
      ),
    );
    for (const response of accepted) expect(response.statusCode).toBe(202);
    const refused = await runSql(server, admin, {
      database_id: pgId,
      sql: 'SELECT 1',
      client_id: clientId('r'),
      runAsync: true,
    });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toMatchObject({
      error_type: 'GENERIC_BACKEND_ERROR',
      message: expect.stringContaining('You already have 3 queries running') as unknown,
    });
    // Another user is not affected by this user's backlog.
    const theirs = await runSql(server, other, {
      database_id: pgId,
      sql: 'SELECT 1',
      client_id: clientId('o'),
      runAsync: true,
    });
    expect(theirs.statusCode).toBe(202);
  });
});
