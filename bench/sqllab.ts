/**
 * SQL Lab benchmarks, each against a baseline measured in the same run:
 *  1. 100,000 rows × 10 columns from PostgreSQL through POST /api/v1/sqllab/execute/ versus the raw pg driver
 *     fetching the same rows; prints the ratio (target ≤ 1.5) and the server's peak RSS growth.
 *  2. 200 concurrent `SELECT pg_sleep(2)` executions while /health is polled; prints errors (target 0) and the
 *     /health p50/p99 (target p99 < 50 ms), beside /health p50/p99 on the idle server.
 *  3. Chromium: time from the execute response to the first rendered row of a 100k-row result.
 * Run: npm run build && npx tsx bench/sqllab.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 18_288;
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-admin-password';
const BENCH_DB = 'tessera_bench';
const ROWS = 100_000;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const rssKb = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? Number.NaN);
};

async function prepareTable(): Promise<void> {
  const admin = new pg.Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [BENCH_DB]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  await admin.end();
  const client = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:5432/${BENCH_DB}` });
  await client.connect();
  await client.query(`
    CREATE TABLE IF NOT EXISTS bench_rows AS
    SELECT g AS id, g * 2 AS twice, (g % 97)::numeric(10,2) AS amount, md5(g::text) AS label, 'name ' || g AS name,
           now() - g * interval '1 minute' AS created_at, (g % 2 = 0) AS even, (g % 13)::real AS ratio,
           date '2020-01-01' + (g % 1000) AS day, g::bigint * 1000 AS big
    FROM generate_series(1, ${ROWS}) AS g`);
  await client.end();
}

async function rawDriver(sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:5432/${BENCH_DB}` });
  await client.connect();
  const started = performance.now();
  const result = await client.query(sql);
  // Serialise as the server must, so both sides end with JSON-ready rows in hand.
  JSON.stringify(result.rows);
  const elapsed = performance.now() - started;
  await client.end();
  return elapsed;
}

async function api(pathname: string, token: string, body?: unknown): Promise<Response> {
  return fetch(`${BASE}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  writeFileSync(
    path.join(dataDir, 'tessera.config.json'),
    JSON.stringify({ constants: { DISPLAY_MAX_ROW: ROWS, SQLLAB_TIMEOUT: 300 } }),
  );
  const child = spawn('node', ['apps/server/bin/tessera.mjs', 'start'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      TESSERA_PORT: String(PORT),
      TESSERA_HOST: '127.0.0.1',
      TESSERA_DATA_DIR: dataDir,
      TESSERA_ADMIN_PASSWORD: PASSWORD,
      TESSERA_LOG_LEVEL: 'warn',
    },
  });
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${BASE}/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

async function login(): Promise<string> {
  const response = await fetch(`${BASE}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD, provider: 'db' }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

async function healthLatencies(until: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  while (!until()) {
    const started = performance.now();
    await fetch(`${BASE}/health`);
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return samples;
}

async function main(): Promise<void> {
  await prepareTable();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-sqllab-'));
  const server = await startServer(dataDir);
  try {
    const token = await login();
    const created = await api('/api/v1/database/', token, {
      database_name: 'bench-pg',
      sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${BENCH_DB}`,
    });
    const { id: databaseId } = (await created.json()) as { id: number };
    const sql = `SELECT * FROM bench_rows ORDER BY id LIMIT ${ROWS}`;

    // 1. Throughput and memory against the raw driver.
    const pid = server.pid ?? 0;
    const rssBefore = rssKb(pid, 'VmRSS');
    const raw: number[] = [];
    const viaApi: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      raw.push(await rawDriver(sql));
      const started = performance.now();
      const response = await api('/api/v1/sqllab/execute/', token, {
        database_id: databaseId,
        sql,
        queryLimit: ROWS,
        runAsync: false,
      });
      const body = (await response.json()) as { data?: unknown[] };
      viaApi.push(performance.now() - started);
      if (body.data?.length !== ROWS)
        throw new Error(`expected ${ROWS} rows, got ${body.data?.length ?? 'none'} (${response.status})`);
    }
    const peakGrowthMb = (rssKb(pid, 'VmHWM') - rssBefore) / 1024;
    process.stdout.write(
      `execute ${ROWS} rows x 10 cols: raw pg ${median(raw).toFixed(0)} ms, Tessera ${median(viaApi).toFixed(0)} ms` +
        ` -> ratio ${(median(viaApi) / median(raw)).toFixed(2)} (target <= 1.5); server peak RSS growth ${peakGrowthMb.toFixed(0)} MB\n`,
    );

    // 2. Concurrency: the web server stays responsive while 200 queries sleep.
    let idleDone = false;
    const idleTimer = setTimeout(() => (idleDone = true), 2000);
    const idle = await healthLatencies(() => idleDone);
    clearTimeout(idleTimer);
    let finished = false;
    const health = healthLatencies(() => finished);
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

    // 3. Chromium: response to first rendered row.
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(`${BASE}/login/`);
      await page.locator('[data-test="login-username"]').fill('admin');
      await page.locator('[data-test="login-password"]').fill(PASSWORD);
      await page.locator('[data-test="login-submit"]').click();
      await page.waitForURL(/databaseview/);
      await page.goto(`${BASE}/sqllab/`);
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
      const responded = page.waitForResponse((response) =>
        response.url().includes('/api/v1/sqllab/execute/'),
      );
      await page.locator('[data-test="sqllab-run"]').click();
      await responded;
      const afterResponse = performance.now();
      await page.locator('[data-test="sqllab-results-grid"] [role="row"]').nth(1).waitFor();
      process.stdout.write(
        `Chromium: execute response -> first rendered row of ${ROWS} rows: ${(performance.now() - afterResponse).toFixed(0)} ms\n`,
      );
    } finally {
      await browser.close();
    }
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
