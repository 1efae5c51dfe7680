import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { WebSocket } from 'ws';
import type { AsyncEvent } from '@tessera/contracts';
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
 * Issue #15 item 3 with real processes: two web processes (A and B) and two `tessera worker` on one
 * Redis (a queue prefix of this run) and one PostgreSQL metadata database. A job started through A
 * completes for a client reading events from B, by async_event polling and over B's WebSocket; a
 * worker killed with SIGKILL in the middle of a job (a query over a pg_sleep view) gives an error event
 * from the sweep, not silence.
 */

let cluster: Cluster;
let serverB: string;
let workers: ClusterProcess[] = [];
let cookie = '';
let fastDataset = 0;
let slowDataset = 0;

async function call(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<{ status: number; json: unknown; setCookie: string[] }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${cluster.token}`,
      ...(cookie === '' ? {} : { cookie }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text === '' ? null : JSON.parse(text),
    setCookie: response.headers.getSetCookie(),
  };
}

const context = (datasetId: number, limit: number) => ({
  datasource: { id: datasetId, type: 'table' },
  queries: [{ columns: ['x'], metrics: ['count'], row_limit: limit, orderby: [['x', true]] }],
  result_format: 'json',
  result_type: 'full',
});

async function startJob(datasetId: number, limit: number): Promise<string> {
  const started = await call(cluster.baseUrl, 'POST', '/api/v1/chart/data', context(datasetId, limit));
  expect(started.status, JSON.stringify(started.json)).toBe(202);
  return (started.json as { job_id: string }).job_id;
}

async function eventFromB(jobId: string): Promise<AsyncEvent> {
  return waitFor(
    `the event of ${jobId} on server B`,
    async () => {
      const read = await call(serverB, 'GET', '/api/v1/async_event/');
      expect(read.status).toBe(200);
      return (read.json as { result: AsyncEvent[] }).result.find((event) => event.job_id === jobId);
    },
    60_000,
  );
}

describe('global async queries on two servers and two workers', () => {
  beforeAll(async () => {
    cluster = await startCluster({ featureFlags: { GLOBAL_ASYNC_QUERIES: true } });
    serverB = (await cluster.startServer()).baseUrl;
    workers = [await cluster.start('worker'), await cluster.start('worker')];
    await dataQuery(
      cluster,
      `CREATE TABLE numbers AS SELECT generate_series(1, 5) AS x;
       CREATE VIEW slow_numbers AS SELECT x FROM numbers WHERE pg_sleep(1) IS NOT NULL;`,
    );
    const database = await dataDatabase(cluster, 'async data');
    fastDataset = await tableDataset(cluster, database, 'numbers');
    slowDataset = await tableDataset(cluster, database, 'slow_numbers');
    const me = await call(cluster.baseUrl, 'GET', '/api/v1/me/');
    cookie = me.setCookie.find((line) => line.startsWith('async-token='))?.split(';', 1)[0] ?? '';
    expect(cookie).not.toBe('');
  });

  afterAll(async () => {
    await cluster.stop();
  });

  it('completes a job started on server A for a client polling server B', async () => {
    const jobId = await startJob(fastDataset, 3);
    const event = await eventFromB(jobId);
    expect(event.status).toBe('done');
    const result = await call(serverB, 'GET', event.result_url ?? '');
    expect(result.status).toBe(200);
    const items = (result.json as { result: { data: { x: number }[] }[] }).result;
    expect(items[0]?.data.map((row) => row.x)).toEqual([1, 2, 3]);
  });

  it("pushes the event of a job started on A over B's WebSocket", async () => {
    const socket = new WebSocket(`${serverB.replace('http', 'ws')}/ws`, { headers: { cookie } });
    const received: AsyncEvent[] = [];
    socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString('utf8')) as AsyncEvent));
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => resolve());
      socket.on('error', reject);
    });
    const jobId = await startJob(fastDataset, 4);
    const event = await waitFor('the WebSocket event', () =>
      Promise.resolve(received.find((candidate) => candidate.job_id === jobId)),
    );
    expect(event.status).toBe('done');
    socket.close();
  });

  it('ends a job whose worker was killed mid-query with an error event', async () => {
    await dataQuery(
      cluster,
      'CREATE OR REPLACE VIEW slow_numbers AS SELECT x FROM numbers WHERE pg_sleep(600) IS NOT NULL',
    );
    const jobId = await startJob(slowDataset, 5);
    const redis = new Redis('redis://127.0.0.1:6379');
    let pid = 0;
    try {
      pid = await waitFor('the job to run on a worker', async () => {
        const entry = await redis.hget(`${cluster.prefix}:async-jobs:running`, jobId);
        return entry === null ? null : (JSON.parse(entry) as { pid: number }).pid;
      });
    } finally {
      redis.disconnect();
    }
    const victim = workers.find((worker) => worker.pid === pid);
    expect(victim).toBeDefined();
    victim?.child.kill('SIGKILL');
    const event = await eventFromB(jobId);
    expect(event.status).toBe('error');
    expect(event.errors[0]).toMatchObject({
      error_type: 'ASYNC_WORKERS_ERROR',
      message: 'The worker running this query stopped before it finished.',
    });
    // The other worker still serves jobs.
    const next = await eventFromB(await startJob(fastDataset, 2));
    expect(next.status).toBe('done');
  });
});
