import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { AsyncEvent } from '@tessera/contracts';
import { freePort } from './free-port';
import {
  dataDatabase,
  dataQuery,
  startCluster,
  tableDataset,
  type Cluster,
  type ClusterProcess,
} from './report-cluster';
import { waitFor } from './sqllab-support';

/**
 * Issue #15 robustness: global async queries on a Redis of this test's own (its own redis-server,
 * never the shared one) that goes away and comes back. While it is down, POST /api/v1/chart/data and
 * GET /api/v1/async_event/ answer 503 with the documented error list (no 500, no hang), the web and
 * worker processes stay up and /health/ready names Redis as down; once Redis is back on the same port,
 * a new chart-data job runs end to end.
 */

const UNAVAILABLE =
  'A service the server depends on (its metadata database or Redis) is unavailable. Try again in a moment.';

let redisPort = 0;
let redis: ChildProcess | null = null;
let cluster: Cluster | null = null;
let worker: ClusterProcess;
let cookie = '';
let datasetId = 0;

async function startRedis(): Promise<ChildProcess> {
  const server = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    server.once('error', reject);
    server.once('exit', (code) => reject(new Error(`redis-server exited (${String(code)}):\n${out}`)));
    server.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('Ready to accept connections')) resolve();
    });
  });
  return server;
}

async function stopRedis(): Promise<void> {
  const server = redis;
  redis = null;
  if (server?.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  await exited;
}

function live(): Cluster {
  if (!cluster) throw new Error('the cluster did not start');
  return cluster;
}

async function call(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<{ status: number; json: unknown; setCookie: string[] }> {
  const response = await fetch(`${live().baseUrl}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${live().token}`,
      ...(cookie === '' ? {} : { cookie }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON (e.g. /health's text): kept as text.
  }
  return { status: response.status, json, setCookie: response.headers.getSetCookie() };
}

const context = (limit: number) => ({
  datasource: { id: datasetId, type: 'table' },
  queries: [{ columns: ['x'], metrics: ['count'], row_limit: limit, orderby: [['x', true]] }],
  result_format: 'json',
  result_type: 'full',
});

/** Starts a job and answers its id and result rows once it is done. */
async function runJob(limit: number): Promise<{ jobId: string; rows: number[] }> {
  const started = await call('POST', '/api/v1/chart/data', context(limit));
  expect(started.status, JSON.stringify(started.json)).toBe(202);
  const jobId = (started.json as { job_id: string }).job_id;
  const event = await waitFor(
    `the event of job ${jobId}`,
    async () => {
      const read = await call('GET', '/api/v1/async_event/');
      if (read.status !== 200) return null;
      return (read.json as { result: AsyncEvent[] }).result.find((candidate) => candidate.job_id === jobId);
    },
    60_000,
  );
  expect(event.status, JSON.stringify(event.errors)).toBe('done');
  const result = await call('GET', event.result_url ?? '');
  expect(result.status).toBe(200);
  const items = (result.json as { result: { data: { x: number }[] }[] }).result;
  return { jobId, rows: items[0]?.data.map((row) => row.x) ?? [] };
}

function stillRunning(proc: ClusterProcess): boolean {
  return proc.child.exitCode === null && proc.child.signalCode === null;
}

describe('global async queries while their Redis goes away and comes back', () => {
  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedis();
    cluster = await startCluster({
      featureFlags: { GLOBAL_ASYNC_QUERIES: true },
      redisUrl: `redis://127.0.0.1:${String(redisPort)}`,
    });
    worker = await cluster.start('worker');
    await dataQuery(cluster, 'CREATE TABLE numbers AS SELECT generate_series(1, 9) AS x');
    datasetId = await tableDataset(cluster, await dataDatabase(cluster, 'outage data'), 'numbers');
    const me = await call('GET', '/api/v1/me/');
    cookie = me.setCookie.find((line) => line.startsWith('async-token='))?.split(';', 1)[0] ?? '';
    expect(cookie).not.toBe('');
  });

  afterAll(async () => {
    // The cluster first: its cleanup deletes its keys from this Redis.
    if (redis === null && cluster) redis = await startRedis();
    await cluster?.stop();
    await stopRedis();
  });

  it('answers errors while Redis is down and runs jobs again once it is back', async () => {
    expect((await runJob(2)).rows).toEqual([1, 2]);
    // A socket open across the outage: its server's follower of the firehose must pick up again.
    const socket = new WebSocket(`${live().baseUrl.replace('http', 'ws')}/ws`, { headers: { cookie } });
    const pushed: AsyncEvent[] = [];
    socket.on('message', (data: Buffer) => pushed.push(JSON.parse(data.toString('utf8')) as AsyncEvent));
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => resolve());
      socket.on('error', reject);
    });

    await stopRedis();
    const submitted = await call('POST', '/api/v1/chart/data', context(3));
    expect(submitted.status, JSON.stringify(submitted.json)).toBe(503);
    expect(submitted.json).toEqual({
      errors: [expect.objectContaining({ error_type: 'GENERIC_BACKEND_ERROR', message: UNAVAILABLE })],
    });
    const events = await call('GET', '/api/v1/async_event/');
    expect(events.status, JSON.stringify(events.json)).toBe(503);
    expect(events.json).toEqual({
      errors: [expect.objectContaining({ error_type: 'GENERIC_BACKEND_ERROR', message: UNAVAILABLE })],
    });
    const liveness = await call('GET', '/health');
    expect(liveness.status).toBe(200);
    const readiness = await call('GET', '/health/ready');
    expect(readiness.status).toBe(503);
    expect(readiness.json).toEqual({
      status: 'unavailable',
      backends: { metadata: 'up', redis: 'down' },
    });
    // Requests that need no Redis are still served.
    expect((await call('GET', '/api/v1/me/')).status).toBe(200);
    expect(stillRunning(live().server)).toBe(true);
    expect(stillRunning(worker)).toBe(true);

    redis = await startRedis();
    await waitFor(
      'the server to find Redis again',
      async () => (await call('GET', '/health/ready')).status === 200,
      60_000,
    );
    const after = await runJob(4);
    expect(after.rows).toEqual([1, 2, 3, 4]);
    const overSocket = await waitFor('the event over the socket', () =>
      Promise.resolve(pushed.find((event) => event.job_id === after.jobId)),
    );
    expect(overSocket.status).toBe('done');
    socket.close();
    // The refused request left no job behind to run once Redis was back: the channel (emptied with
    // Redis) holds the new job's event alone.
    const channel = await call('GET', '/api/v1/async_event/');
    expect((channel.json as { result: AsyncEvent[] }).result).toHaveLength(1);
    expect(stillRunning(live().server)).toBe(true);
    expect(stillRunning(worker)).toBe(true);
  });
});
