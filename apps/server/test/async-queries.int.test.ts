import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { decodeJwt } from 'jose';
import type { AsyncEvent } from '@tessera/contracts';
import { startTestServer, type TestServer } from './harness';
import { createUser, examplesDatabaseId } from './sqllab-support';

/**
 * Global async queries in one process without Redis (in-process jobs, in-memory events): 202 jobs,
 * the async-token cookie, polling with last_id, the WebSocket, result_url per user, error events.
 * The multi-process layout over Redis is async-queries-cluster.int.test.ts.
 */

const sumNum = {
  expressionType: 'SIMPLE',
  aggregate: 'SUM',
  column: { column_name: 'num' },
  label: 'SUM(num)',
};

describe('global async queries (in-process)', () => {
  let server: TestServer;
  let admin: string;
  let cookie: string;
  let birthNames: number;

  /** The async-token cookie a request got, as a Cookie header value. */
  const asyncCookieOf = (setCookie: string | string[] | undefined): string | null => {
    const all = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [setCookie];
    const found = all.find((line) => line.startsWith('async-token='));
    return found ? (found.split(';', 1)[0] ?? null) : null;
  };

  const post = (body: unknown, token = admin, withCookie: string | null = cookie) =>
    server.request('POST', '/api/v1/chart/data', {
      token,
      body,
      headers: withCookie === null ? {} : { cookie: withCookie },
    });

  const events = async (lastId: string | null, withCookie = cookie, token = admin): Promise<AsyncEvent[]> => {
    const response = await server.request(
      'GET',
      `/api/v1/async_event/${lastId === null ? '' : `?last_id=${lastId}`}`,
      { token, headers: { cookie: withCookie } },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ result: AsyncEvent[] }>().result;
  };

  /** Polls until the job's event is there (the job runs in this process's queue). */
  const eventOf = async (jobId: string, withCookie = cookie, token = admin): Promise<AsyncEvent> => {
    for (;;) {
      const found = (await events(null, withCookie, token)).find((event) => event.job_id === jobId);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      examples: true,
      configFile: { feature_flags: { GLOBAL_ASYNC_QUERIES: true } },
    });
    admin = await server.token();
    const me = await server.request('GET', '/api/v1/me/', { token: admin });
    cookie = asyncCookieOf(me.headers['set-cookie']) ?? '';
    const examplesDb = await examplesDatabaseId(server, admin);
    const dataset = await server.request('POST', '/api/v1/dataset/get_or_create/', {
      token: admin,
      body: { table_name: 'birth_names', database_id: examplesDb, schema: 'main' },
    });
    birthNames = dataset.json<{ result: { table_id: number } }>().result.table_id;
  });

  afterAll(async () => {
    await server.close();
  });

  const context = (rowLimit: number, extra: Record<string, unknown> = {}) => ({
    datasource: { id: birthNames, type: 'table' },
    queries: [{ columns: ['gender'], metrics: [sumNum], row_limit: rowLimit, orderby: [['gender', true]] }],
    result_format: 'json',
    result_type: 'full',
    ...extra,
  });

  it('issues a per-user async-token cookie (HS256 JWT with channel and sub)', () => {
    expect(cookie).toMatch(/^async-token=/);
    const claims = decodeJwt(cookie.slice('async-token='.length));
    expect(typeof claims.channel).toBe('string');
    expect(claims.sub).toBe('1');
  });

  it('answers 401 to a chart data request without the cookie, and to async_event', async () => {
    expect((await post(context(11), admin, null)).statusCode).toBe(401);
    const response = await server.request('GET', '/api/v1/async_event/', { token: admin });
    expect(response.statusCode).toBe(401);
    expect(
      (await server.request('GET', '/api/v1/async_event/?last_id=x', { token: admin, headers: { cookie } }))
        .statusCode,
    ).toBe(400);
  });

  it('runs a full JSON request as a job: 202, a done event, the result at result_url; then 200 from the cache', async () => {
    const started = await post(context(12));
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json<Record<string, unknown>>();
    const channel = decodeJwt(cookie.slice('async-token='.length)).channel;
    expect(String(job.job_id)).toMatch(/^[0-9a-f-]{36}$/);
    expect(job).toEqual({
      channel_id: channel,
      job_id: job.job_id,
      user_id: 1,
      status: 'pending',
      errors: [],
      result_url: null,
    });
    const event = await eventOf(String(job.job_id));
    expect(event).toMatchObject({ status: 'done', channel_id: channel, user_id: 1, errors: [] });
    expect(event.result_url).toMatch(/^\/api\/v1\/chart\/data\/[0-9a-f]{64}$/);
    const result = await server.request('GET', event.result_url ?? '', { token: admin });
    expect(result.statusCode, result.body).toBe(200);
    const items = result.json<{ result: { colnames: string[]; data: Record<string, unknown>[] }[] }>().result;
    expect(items[0]?.colnames).toEqual(['gender', 'SUM(num)']);
    expect(items[0]?.data.map((row) => row.gender)).toEqual(['boy', 'girl']);

    const again = await post(context(12));
    expect(again.statusCode).toBe(200);
    expect(again.json<{ result: { is_cached: boolean }[] }>().result[0]?.is_cached).toBe(true);
    // force skips the cache, so it is a job again.
    expect((await post(context(12, { force: true }))).statusCode).toBe(202);
    // Other result types and formats stay synchronous.
    expect((await post(context(12, { result_type: 'query' }))).statusCode).toBe(200);
    expect((await post(context(12, { result_format: 'csv' }))).statusCode).toBe(200);
  });

  it('gives a job result to its user only', async () => {
    const started = await post(context(13));
    const event = await eventOf(started.json<{ job_id: string }>().job_id);
    const gamma = await createUser(server, admin, 'async_gamma', 'Gamma');
    expect((await server.request('GET', event.result_url ?? '', { token: gamma })).statusCode).toBe(404);
    // The admin's cookie is not the gamma user's: a new one is issued and the old one is refused.
    const other = await server.request('GET', '/api/v1/async_event/', { token: gamma, headers: { cookie } });
    expect(other.statusCode).toBe(401);
    expect(asyncCookieOf(other.headers['set-cookie'])).not.toBe(cookie);
  });

  it('reads events after last_id only', async () => {
    const first = await post(context(14));
    const firstEvent = await eventOf(first.json<{ job_id: string }>().job_id);
    const second = await post(context(15));
    const secondJob = second.json<{ job_id: string }>().job_id;
    await eventOf(secondJob);
    const after = await events(firstEvent.id);
    expect(after.map((event) => event.job_id)).toEqual([secondJob]);
  });

  it('ends a failing query with an error event carrying the errors', async () => {
    const failing = context(16, {
      queries: [
        {
          columns: ['gender'],
          metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(CAST(name AS INTEGER))', label: 'bad' }],
          row_limit: 16,
        },
      ],
    });
    const started = await post(failing);
    expect(started.statusCode, started.body).toBe(202);
    const event = await eventOf(started.json<{ job_id: string }>().job_id);
    expect(event.status).toBe('error');
    expect(event.result_url).toBeNull();
    expect(event.errors[0]?.message).toMatch(/Error: .*(convert|Conversion|cast)/i);
  });

  it('pushes events over the WebSocket on the same server, resuming after last_id', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const refused = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const status = await new Promise<number>((resolve) => {
      refused.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    });
    expect(status).toBe(401);

    const earlier = await post(context(17));
    const earlierEvent = await eventOf(earlier.json<{ job_id: string }>().job_id);
    const missed = await post(context(18));
    const missedJob = missed.json<{ job_id: string }>().job_id;
    await eventOf(missedJob);

    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?last_id=${earlierEvent.id}`, {
      headers: { cookie },
    });
    const received: AsyncEvent[] = [];
    socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString('utf8')) as AsyncEvent));
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => resolve());
      socket.on('error', reject);
    });
    const live = await post(context(19));
    const liveJob = live.json<{ job_id: string }>().job_id;
    while (!received.some((event) => event.job_id === liveJob))
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received.map((event) => event.job_id)).toEqual([missedJob, liveJob]);
    expect(received[1]?.status).toBe('done');
    socket.close();

    const foreign = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
      headers: { cookie, origin: 'http://evil.example' },
    });
    const foreignStatus = await new Promise<number>((resolve) => {
      foreign.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    });
    expect(foreignStatus).toBe(403);
  });
});
