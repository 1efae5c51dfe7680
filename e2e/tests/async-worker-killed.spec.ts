import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { Redis } from 'ioredis';
import pg from 'pg';
import { E2E_ADMIN_PASSWORD, E2E_DB } from './credentials';
import { apiToken, chartStatus } from './explore-helpers';
import { TesseraProcess } from './tessera-process';

/**
 * Issue #15 robustness acceptance: with GLOBAL_ASYNC_QUERIES on Redis and separate `tessera worker`
 * processes, a worker killed (SIGKILL) in the middle of a chart's job gives the chart its failed state
 * with the sweep's ASYNC_WORKERS_ERROR message, not an endless spinner. The chart reads a PostgreSQL
 * view that sleeps long enough that only the kill can end its job.
 */

const PORT = Number(process.env.E2E_PORT ?? 18_088) + 13;
const PG_ADMIN_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = 'redis://127.0.0.1:6379';
const METADATA_DB = `tessera_e2e_async_killed_${String(PORT)}`;
const PREFIX = `e2e-async-killed-${String(PORT)}`;
const SLOW_VIEW = 'inventory.async_killed_widgets';
const LOST_JOB_MESSAGE = 'The worker running this query stopped before it finished.';

const server = new TesseraProcess(
  PORT,
  'async-worker-killed',
  {
    login_rate_limit_per_minute: 10_000,
    login_rate_limit_per_address_per_minute: 10_000,
    feature_flags: { GLOBAL_ASYNC_QUERIES: true },
    constants: { GLOBAL_ASYNC_QUERIES_TRANSPORT: 'ws' },
  },
  {
    // Web and workers share the metadata database, Redis and a queue prefix of this spec's own.
    TESSERA_METADATA_URL: `postgresql://postgres@127.0.0.1:5432/${METADATA_DB}`,
    REDIS_URL,
    TESSERA_QUEUE_PREFIX: PREFIX,
  },
);
const base = server.baseURL;
let api: APIRequestContext;
let slowChartId = 0;
const workerPids: number[] = [];

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

test.describe('global async queries with a worker killed mid-job', () => {
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    await adminQuery(PG_ADMIN_URL, `DROP DATABASE IF EXISTS ${METADATA_DB} WITH (FORCE)`);
    await adminQuery(PG_ADMIN_URL, `CREATE DATABASE ${METADATA_DB}`);
    await server.start();
    // Two workers: whichever takes the job is killed, the other is left to show it takes no part.
    for (let index = 0; index < 2; index += 1) {
      const worker = await server.startWorker();
      workerPids.push(worker.pid ?? 0);
    }
    api = await playwrightRequest.newContext({ baseURL: base });
    const headers = { Authorization: `Bearer ${await apiToken(api)}` };
    // Ten minutes asleep: the job can only end through the kill and the sweep.
    await adminQuery(
      `postgresql://postgres@127.0.0.1:5432/${E2E_DB}`,
      `CREATE OR REPLACE VIEW ${SLOW_VIEW} AS
         SELECT w.*, (SELECT pg_sleep(600))::text AS waited FROM inventory.widgets w`,
    );
    const database = await api.post('/api/v1/database/', {
      headers,
      data: {
        database_name: `async killed ${Date.now().toString(36)}`,
        sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${E2E_DB}`,
      },
    });
    expect(database.status()).toBe(201);
    const dataset = await api.post('/api/v1/dataset/', {
      headers,
      data: {
        database: ((await database.json()) as { id: number }).id,
        schema: 'inventory',
        table_name: 'async_killed_widgets',
      },
    });
    expect(dataset.status()).toBe(201);
    const datasetId = ((await dataset.json()) as { id: number }).id;
    const metric = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'widgets' };
    const created = await api.post('/api/v1/chart/', {
      headers,
      data: {
        slice_name: 'async killed worker',
        viz_type: 'big_number_total',
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify({
          viz_type: 'big_number_total',
          metric,
          datasource: `${String(datasetId)}__table`,
        }),
      },
    });
    expect(created.status()).toBe(201);
    slowChartId = ((await created.json()) as { id: number }).id;
  });

  test.afterAll(async () => {
    await api.dispose();
    await server.stop();
    // The killed worker's query sleeps on in PostgreSQL until told otherwise.
    await adminQuery(
      PG_ADMIN_URL,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE query LIKE '%async_killed_widgets%' AND pid <> pg_backend_pid()`,
    );
    await adminQuery(PG_ADMIN_URL, `DROP DATABASE IF EXISTS ${METADATA_DB} WITH (FORCE)`);
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${PREFIX}:*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });

  test('the chart ends failed with the lost-worker message after SIGKILL', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${base}/login/`);
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(E2E_ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/superset\/welcome\/$/);
    const accepted: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/v1/chart/data' && response.request().method() === 'POST')
        accepted.push(response.status());
    });
    await page.goto(`${base}/explore/?slice_id=${String(slowChartId)}`);
    await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'loading');

    // The worker that holds the job is the one whose pid the job tracker recorded.
    const redis = new Redis(REDIS_URL);
    let holder = 0;
    try {
      await expect
        .poll(
          async () => {
            const running = await redis.hgetall(`${PREFIX}:async-jobs:running`);
            const entry = Object.values(running)[0];
            holder = entry === undefined ? 0 : (JSON.parse(entry) as { pid: number }).pid;
            return holder;
          },
          { timeout: 30_000 },
        )
        .not.toBe(0);
    } finally {
      redis.disconnect();
    }
    expect(workerPids).toContain(holder);
    process.kill(holder, 'SIGKILL');

    // The job's liveness key lapses (10 s) and a sweep (every 5 s) ends it with an error event.
    await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'failed', { timeout: 60_000 });
    await expect(chartStatus(page)).toContainText(LOST_JOB_MESSAGE);
    expect(accepted).toContain(202);
    await page.screenshot({ path: test.info().outputPath('async-worker-killed.png') });
  });
});
