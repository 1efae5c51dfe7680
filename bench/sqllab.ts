/**
 * SQL Lab benchmarks, each against a baseline measured in the same run:
 *  1. 100,000 rows × 10 columns from PostgreSQL through POST /api/v1/sqllab/execute/ versus the raw pg driver
 *     fetching the same rows; prints the ratio (target ≤ 1.1), the server's peak RSS growth of one run against
 *     the size of its JSON body (target ≤ 3×), and the peak growth of five such runs in parallel against five
 *     times one run's (target ≤ 1), and the peak growth of one async run (the worker path, results stored batch
 *     by batch) against the same JSON size (target ≤ 3).
 *  2. 200 concurrent `SELECT pg_sleep(2)` executions while /health is polled; prints errors (target 0) and the
 *     /health p50/p99 (target p99 < 50 ms), beside /health p50/p99 on the idle server.
 *  3. Chromium: time from the execute response's start (headers) to the first rendered row of a 100k-row
 *     result (target < 200 ms): the rows are streamed and the first page is shown before the body ends.
 *  4. Resource limits: one user runs 40 concurrent SQLite queries and 12 `pg_sleep(3)` while another user's
 *     `SELECT 1` is timed; prints its median latency (target < 100 ms), the ratio against the same `SELECT 1` on
 *     the idle server, and the most SQLite worker processes the server had (cap: sqlite_max_workers).
 * Run: npm run build && npx tsx bench/sqllab.ts  (only scenario 4: npx tsx bench/sqllab.ts --resources;
 * only scenarios 1 and 3: --streaming; BENCH_PORT picks the server's port, default 18288)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium } from '@playwright/test';
import pg from 'pg';
import {
  BENCH_PG_URI,
  type BenchServer,
  benchDatabaseClient,
  json,
  median,
  percentile,
  startBenchServer,
  timeRawQuery,
} from './bench-server';

const ROWS = 100_000;

const rssKb = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? Number.NaN);
};

/**
 * Peak RSS growth (MB) of the server while `work` runs: the kernel's high-water mark is reset first
 * (clear_refs 5), after a pause that lets the previous run's garbage go.
 */
async function peakGrowthMb(pid: number, work: () => Promise<unknown>): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = rssKb(pid, 'VmRSS');
  await work();
  return (rssKb(pid, 'VmHWM') - before) / 1024;
}

async function prepareTable(): Promise<void> {
  const client = await benchDatabaseClient();
  await client.query(`
    CREATE TABLE IF NOT EXISTS bench_rows AS
    SELECT g AS id, g * 2 AS twice, (g % 97)::numeric(10,2) AS amount, md5(g::text) AS label, 'name ' || g AS name,
           now() - g * interval '1 minute' AS created_at, (g % 2 = 0) AS even, (g % 13)::real AS ratio,
           date '2020-01-01' + (g % 1000) AS day, g::bigint * 1000 AS big
    FROM generate_series(1, ${ROWS}) AS g`);
  await client.end();
}

async function rawDriver(sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: BENCH_PG_URI });
  await client.connect();
  const { ms } = await timeRawQuery(client, sql);
  await client.end();
  return ms;
}

async function healthLatencies(base: string, until: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  while (!until()) {
    const started = performance.now();
    await fetch(`${base}/health`);
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return samples;
}

/** SQLite worker processes (`node -e` children) of the server right now. */
function sqliteWorkers(serverPid: number): number {
  try {
    const out = execFileSync('ps', ['--ppid', String(serverPid), '-o', 'args='], { encoding: 'utf8' });
    return out.split('\n').filter((line) => line.includes(' -e ')).length;
  } catch {
    return 0; // ps exits 1 when there is no child
  }
}

/** A second admin, so that the limits of one user do not apply to it. */
async function otherUserToken(server: BenchServer, adminToken: string): Promise<string> {
  const roles = await json<{ result: { id: number; name: string }[] }>(
    await server.api('/api/v1/security/roles/', adminToken),
  );
  const admin = roles.result.find((role) => role.name === 'Admin');
  if (!admin) throw new Error('no Admin role');
  const password = 'bench-other-password';
  await json(
    await server.api('/api/v1/security/users/', adminToken, {
      username: 'bench_other',
      first_name: 'Bench',
      last_name: 'Other',
      email: 'bench_other@example.com',
      password,
      roles: [admin.id],
    }),
  );
  const response = await fetch(`${server.base}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench_other', password, provider: 'db' }),
  });
  return (await json<{ access_token: string }>(response)).access_token;
}

async function timedSelectOne(server: BenchServer, token: string, databaseId: number): Promise<number> {
  const started = performance.now();
  const response = await server.api('/api/v1/sqllab/execute/', token, {
    database_id: databaseId,
    sql: 'SELECT 1',
  });
  await json(response);
  return performance.now() - started;
}

/** 4. One user's 40 SQLite queries and 12 slow PostgreSQL queries must not delay another user's SELECT 1. */
async function resourceLimits(server: BenchServer, token: string, pgId: number): Promise<void> {
  const file = path.join(tmpdir(), `tessera-bench-sqlite-${process.pid}.db`);
  new Database(file).close();
  const sqliteId = (
    await json<{ id: number }>(
      await server.api('/api/v1/database/', token, {
        database_name: 'bench-sqlite',
        sqlalchemy_uri: `sqlite:///${file}`,
        expose_in_sqllab: true,
      }),
    )
  ).id;
  const other = await otherUserToken(server, token);
  const idle: number[] = [];
  for (let i = 0; i < 10; i += 1) idle.push(await timedSelectOne(server, other, pgId));

  const slowSqlite =
    'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000) SELECT count(*) FROM c';
  let peakWorkers = 0;
  const load = { done: false };
  const watch = (async () => {
    while (!load.done) {
      peakWorkers = Math.max(peakWorkers, sqliteWorkers(server.process.pid ?? 0));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const running = Promise.all([
    ...Array.from({ length: 40 }, () =>
      server
        .api('/api/v1/sqllab/execute/', token, { database_id: sqliteId, sql: slowSqlite })
        .then((r) => r.status),
    ),
    ...Array.from({ length: 12 }, () =>
      server
        .api('/api/v1/sqllab/execute/', token, { database_id: pgId, sql: 'SELECT pg_sleep(3)' })
        .then((r) => r.status),
    ),
  ]);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const busy: number[] = [];
  for (let i = 0; i < 10; i += 1) busy.push(await timedSelectOne(server, other, pgId));
  const statuses = await running;
  load.done = true;
  await watch;
  const failed = statuses.filter((status) => status !== 200).length;
  process.stdout.write(
    `resource limits: other user's SELECT 1 idle p50 ${median(idle).toFixed(1)} ms, while one user runs 40 SQLite + 12 pg_sleep(3)` +
      ` p50 ${median(busy).toFixed(1)} ms max ${Math.max(...busy).toFixed(1)} ms (target < 100 ms) -> ratio ${(median(busy) / median(idle)).toFixed(2)};` +
      ` SQLite worker processes at most ${peakWorkers}; the loading user's failed queries ${failed}\n`,
  );
}

/**
 * Peak RSS growth of a fresh server (warmed by one small run, so code loading is not counted) while
 * `parallel` executes of `sql` run at once.
 */
async function growthOnFreshServer(port: number, sql: string, parallel: number): Promise<number> {
  const fresh = await startBenchServer({
    port,
    name: `sqllab-rss-${parallel}`,
    constants: { DISPLAY_MAX_ROW: ROWS, SQLLAB_TIMEOUT: 300 },
    startTimeoutMs: 60_000,
  });
  try {
    const token = await fresh.login();
    const databaseId = await fresh.addBenchDatabase(token);
    const run = async (query: string): Promise<void> => {
      const response = await fresh.api('/api/v1/sqllab/execute/', token, {
        database_id: databaseId,
        sql: query,
        queryLimit: ROWS,
      });
      await response.text();
    };
    await run(sql.replace(`LIMIT ${ROWS}`, 'LIMIT 5000'));
    return await peakGrowthMb(fresh.process.pid ?? 0, () =>
      Promise.all(Array.from({ length: parallel }, () => run(sql))),
    );
  } finally {
    await fresh.stop();
  }
}

/**
 * Peak RSS growth of a fresh server (no Redis: the job runs in the web process, results go to files)
 * while one async run of `sql` goes from submitted to success; the run is polled through
 * /api/v1/query/updated_since, so its stored rows are never read back here.
 */
async function asyncGrowthOnFreshServer(port: number, sql: string): Promise<number> {
  const fresh = await startBenchServer({
    port,
    name: 'sqllab-rss-async',
    constants: { DISPLAY_MAX_ROW: ROWS, SQLLAB_TIMEOUT: 300, SQLLAB_ASYNC_TIME_LIMIT_SEC: 300 },
    startTimeoutMs: 60_000,
  });
  try {
    const token = await fresh.login();
    const created = await fresh.api('/api/v1/database/', token, {
      database_name: 'bench-pg-async',
      sqlalchemy_uri: BENCH_PG_URI,
      allow_run_async: true,
    });
    const databaseId = (await json<{ id: number }>(created)).id;
    let runs = 0;
    const run = async (query: string): Promise<void> => {
      runs += 1;
      const clientId = `a${String(runs).padStart(10, '0')}`;
      const response = await fresh.api('/api/v1/sqllab/execute/', token, {
        database_id: databaseId,
        sql: query,
        queryLimit: ROWS,
        runAsync: true,
        client_id: clientId,
      });
      if (response.status !== 202)
        throw new Error(`async execute: ${response.status} ${await response.text()}`);
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const updated = await json<{ result: { id: string; state: string; rows: number | null }[] }>(
          await fresh.api('/api/v1/query/updated_since?q=(last_updated_ms:0)', token),
        );
        const dict = updated.result.find((query) => query.id === clientId);
        if (dict?.state === 'success') return;
        if (dict && ['failed', 'timed_out', 'stopped'].includes(dict.state))
          throw new Error(`async run ended ${dict.state}`);
      }
    };
    await run(sql.replace(`LIMIT ${ROWS}`, 'LIMIT 5000'));
    return await peakGrowthMb(fresh.process.pid ?? 0, () => run(sql));
  } finally {
    await fresh.stop();
  }
}

/** `--streaming`: only the figures of streamed results (scenarios 1 and 3). */
const streamingOnly = process.argv.includes('--streaming');

async function main(): Promise<void> {
  if (process.argv.includes('--resources')) {
    await resourcesOnly();
    return;
  }
  await prepareTable();
  const server = await startBenchServer({
    port: Number(process.env.BENCH_PORT ?? 18_288),
    name: 'sqllab',
    constants: { DISPLAY_MAX_ROW: ROWS, SQLLAB_TIMEOUT: 300 },
    startTimeoutMs: 60_000,
  });
  const { api, base } = server;
  try {
    const token = await server.login();
    const databaseId = await server.addBenchDatabase(token);
    const sql = `SELECT * FROM bench_rows ORDER BY id LIMIT ${ROWS}`;

    // 1. Throughput and memory against the raw driver.
    const pid = server.process.pid ?? 0;
    const execute = async (): Promise<{ ms: number; bytes: number }> => {
      const started = performance.now();
      const response = await api('/api/v1/sqllab/execute/', token, {
        database_id: databaseId,
        sql,
        queryLimit: ROWS,
        runAsync: false,
      });
      const text = await response.text();
      const body = JSON.parse(text) as { data?: unknown[] };
      const ms = performance.now() - started;
      if (body.data?.length !== ROWS)
        throw new Error(`expected ${ROWS} rows, got ${body.data?.length ?? 'none'} (${response.status})`);
      return { ms, bytes: Buffer.byteLength(text) };
    };
    const raw: number[] = [];
    const viaApi: number[] = [];
    let payloadBytes = 0;
    for (let i = 0; i < 5; i += 1) {
      raw.push(await rawDriver(sql));
      const run = await execute();
      viaApi.push(run.ms);
      payloadBytes = run.bytes;
    }
    const payloadMb = payloadBytes / 1024 / 1024;
    // Each on a fresh server of its own: on this one, the heap left by the runs above would hide
    // what one run needs, and the two figures would not start from the same state.
    const port = Number(process.env.BENCH_PORT ?? 18_288);
    const oneRun = await growthOnFreshServer(port + 1, sql, 1);
    const fiveRuns = await growthOnFreshServer(port + 2, sql, 5);
    const asyncRun = await asyncGrowthOnFreshServer(port + 3, sql);
    const warmRun = await peakGrowthMb(pid, execute);
    process.stdout.write(
      `execute ${ROWS} rows x 10 cols: raw pg ${median(raw).toFixed(0)} ms, Tessera ${median(viaApi).toFixed(0)} ms` +
        ` -> ratio ${(median(viaApi) / median(raw)).toFixed(2)} (target <= 1.1)\n` +
        `server peak RSS growth, one run: ${oneRun.toFixed(0)} MB for a ${payloadMb.toFixed(1)} MB JSON body` +
        ` -> ${(oneRun / payloadMb).toFixed(2)}x the payload (target <= 3); on the warm server above ${warmRun.toFixed(0)} MB\n` +
        `five runs in parallel: ${fiveRuns.toFixed(0)} MB vs 5 x one run ${(5 * oneRun).toFixed(0)} MB` +
        ` -> ratio ${(fiveRuns / (5 * oneRun)).toFixed(2)} (target <= 1)\n` +
        `async run (rows stored batch by batch): peak RSS growth ${asyncRun.toFixed(0)} MB for the ${payloadMb.toFixed(1)} MB JSON payload` +
        ` -> ${(asyncRun / payloadMb).toFixed(2)}x (target <= 3; holding the whole result costs several times the payload)\n`,
    );

    if (!streamingOnly) {
      // 2. Concurrency: the web server stays responsive while 200 queries sleep.
      let idleDone = false;
      const idleTimer = setTimeout(() => (idleDone = true), 2000);
      const idle = await healthLatencies(base, () => idleDone);
      clearTimeout(idleTimer);
      let finished = false;
      const health = healthLatencies(base, () => finished);
      const results = await Promise.all(
        Array.from({ length: 200 }, (_unused, i) =>
          api('/api/v1/sqllab/execute/', token, {
            database_id: databaseId,
            sql: 'SELECT pg_sleep(2)',
            client_id: `b${String(i).padStart(9, '0')}`,
          })
            .then((response) => response.status)
            .catch(() => 0),
        ),
      );
      finished = true;
      const busy = await health;
      const errors = results.filter((status) => status !== 200).length;
      process.stdout.write(
        `200 concurrent pg_sleep(2): errors ${errors} (target 0); /health idle p50 ${percentile(idle, 50).toFixed(1)} ms p99 ${percentile(idle, 99).toFixed(1)} ms;` +
          ` under load p50 ${percentile(busy, 50).toFixed(1)} ms p99 ${percentile(busy, 99).toFixed(1)} ms (target p99 < 50 ms)\n`,
      );
    }

    // 3. Chromium: response to first rendered row.
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(`${base}/login/`);
      await page.locator('[data-test="login-username"]').fill('admin');
      await page.locator('[data-test="login-password"]').fill(server.password);
      await page.locator('[data-test="login-submit"]').click();
      // Signed in once the app leaves the login page (it lands on the home screen, whichever that is).
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${base}/sqllab/`);
      await page.locator('[data-test="sqllab-editor"]').waitFor();
      await page.locator('[data-test="sqllab-database-select"]').click();
      await page.locator('.ant-select-dropdown:visible').getByTitle('bench-pg', { exact: true }).click();
      await page.locator('[data-test="sqllab-editor"] .cm-content').click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(sql);
      await page.locator('[data-test="sqllab-limit"]').click();
      await page
        .locator('.ant-select-dropdown:visible')
        .getByTitle(/100[,.]?000/)
        .click();
      // The 'response' event fires on the headers, i.e. when the body starts; the rows follow it.
      const responded = page.waitForResponse((response) =>
        response.url().includes('/api/v1/sqllab/execute/'),
      );
      await page.locator('[data-test="sqllab-run"]').click();
      const response = await responded;
      const afterResponse = performance.now();
      await page.locator('[data-test="sqllab-results-grid"] [role="row"]').nth(1).waitFor();
      const firstRow = performance.now() - afterResponse;
      await response.finished();
      const bodyEnd = performance.now() - afterResponse;
      await page.locator('[data-test="sqllab-row-count"]').waitFor();
      const allRows = performance.now() - afterResponse;
      process.stdout.write(
        `Chromium: execute response start -> first rendered row of ${ROWS} rows: ${firstRow.toFixed(0)} ms (target < 200 ms);` +
          ` body end at ${bodyEnd.toFixed(0)} ms, all rows shown at ${allRows.toFixed(0)} ms\n`,
      );
    } finally {
      await browser.close();
    }

    // 4. Resource limits between users.
    if (!streamingOnly) await resourceLimits(server, token, databaseId);
  } finally {
    await server.stop();
  }
}

async function resourcesOnly(): Promise<void> {
  await (await benchDatabaseClient()).end();
  const server = await startBenchServer({
    port: 20_701,
    name: 'sqllab-resources',
    constants: { SQLLAB_TIMEOUT: 300 },
    startTimeoutMs: 60_000,
  });
  try {
    const token = await server.login();
    await resourceLimits(server, token, await server.addBenchDatabase(token));
  } finally {
    await server.stop();
  }
}

await main();
