/**
 * Cached chart data, in-process: the server is built like the test harness (SQLite metadata, a small
 * SQLite dataset, log level warn) and listens on a free port. Measures a cached POST /api/v1/chart/data
 * (sequential p50, then requests per second with 50 concurrent clients) and GET /health the same way in
 * the same run, and prints chart/health ratios: the figures to compare across changes on a busy machine.
 * The HTTP client shares the process, so the req/s ratio understates the server's gain; the mean server
 * time per request through `app.inject` (no sockets, no client) isolates the server's own work. The
 * interleaved rows take both paths in turn (blocks of 100 injects, 0.5 s windows of 50 clients), so
 * both see the same machine load: the figures to trust on a busy machine.
 * Run: npx tsx bench/chart-data-cached.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildApp } from '../apps/server/src/app';
import { ensureAdmin, openContext } from '../apps/server/src/init';
import { loadConfig } from '../apps/server/src/platform/config';
import { yearlyRegionTotals } from './chart-data-query';

const PASSWORD = 'bench-admin-password';
const SEQUENTIAL_RUNS = 500;
const CLIENTS = 50;
const WINDOW_MS = 4000;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-cached-'));
  const file = path.join(dataDir, 'rows.sqlite');
  const sqlite = new Database(file);
  sqlite.exec('CREATE TABLE chart_rows (ts TIMESTAMP, region TEXT, amount INTEGER)');
  const insert = sqlite.prepare('INSERT INTO chart_rows VALUES (?, ?, ?)');
  for (let i = 0; i < 2000; i += 1)
    insert.run(`20${10 + (i % 15)}-01-0${1 + (i % 9)} 00:00:00`, ['north', 'south', 'east'][i % 3], i % 100);
  sqlite.close();
  writeFileSync(
    path.join(dataDir, 'tessera.config.json'),
    JSON.stringify({ allowed_data_file_dirs: [dataDir] }),
  );
  const config = loadConfig(
    {
      TESSERA_DATA_DIR: dataDir,
      TESSERA_SECRET_KEY: randomBytes(36).toString('base64url'),
      TESSERA_LOG_LEVEL: 'warn',
      TESSERA_WEB_DIST: path.join(dataDir, 'no-web-build'),
    },
    dataDir,
  );
  const base = await openContext(config);
  await ensureAdmin(base, 'admin', PASSWORD);
  const { app } = await buildApp(base);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const call = async <T>(pathname: string, token: string | null, body?: unknown): Promise<T> => {
      const response = await fetch(`${address}${pathname}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const { access_token: token } = await call<{ access_token: string }>('/api/v1/security/login', null, {
      username: 'admin',
      password: PASSWORD,
      provider: 'db',
    });
    const { id: databaseId } = await call<{ id: number }>('/api/v1/database/', token, {
      database_name: 'bench-lite',
      sqlalchemy_uri: `sqlite:///${file}`,
    });
    const dataset = await call<{ result: { table_id: number } }>('/api/v1/dataset/get_or_create/', token, {
      table_name: 'chart_rows',
      database_id: databaseId,
      schema: 'main',
    });
    const payload = JSON.stringify(yearlyRegionTotals(dataset.result.table_id));
    const chartRequest = (): Promise<Response> =>
      fetch(`${address}/api/v1/chart/data`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: payload,
      });
    const healthRequest = (): Promise<Response> => fetch(`${address}/health`);
    const first = await chartRequest();
    if (!first.ok) throw new Error(`chart data: ${first.status} ${await first.text()}`);
    await first.arrayBuffer();
    const check = (await (await chartRequest()).json()) as { result: { is_cached: boolean }[] };
    if (check.result[0]?.is_cached !== true) throw new Error('expected a cached answer');

    const sequential = async (request: () => Promise<Response>): Promise<number> => {
      const times: number[] = [];
      for (let i = 0; i < SEQUENTIAL_RUNS; i += 1) {
        const started = performance.now();
        const response = await request();
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`status ${response.status}`);
        times.push(performance.now() - started);
      }
      return median(times);
    };
    const hammer = async (request: () => Promise<Response>, windowMs = WINDOW_MS): Promise<number> => {
      let completed = 0;
      const started = performance.now();
      const deadline = started + windowMs;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (performance.now() < deadline) {
            const response = await request();
            await response.arrayBuffer();
            if (!response.ok) throw new Error(`status ${response.status}`);
            completed += 1;
          }
        }),
      );
      return completed / ((performance.now() - started) / 1000);
    };
    const injected = async (chart: boolean, runs: number): Promise<number> => {
      const started = performance.now();
      for (let i = 0; i < runs; i += 1) {
        const response = chart
          ? await app.inject({
              method: 'POST',
              url: '/api/v1/chart/data',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              payload,
            })
          : await app.inject({ method: 'GET', url: '/health' });
        if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
      }
      return ((performance.now() - started) / runs) * 1000;
    };
    /**
     * On a loaded machine the load moves between two long measurements: blocks of each path taken in
     * turn see the same load, and the median of the per-round ratios shrugs off a burst.
     */
    const interleavedInject = async (rounds: number, runs: number): Promise<number> => {
      const ratios: number[] = [];
      for (let round = 0; round < rounds; round += 1)
        ratios.push((await injected(true, runs)) / (await injected(false, runs)));
      return median(ratios);
    };
    const interleavedRate = async (rounds: number, windowMs: number): Promise<number> => {
      let chart = 0;
      let health = 0;
      for (let round = 0; round < rounds; round += 1) {
        chart += await hammer(chartRequest, windowMs);
        health += await hammer(healthRequest, windowMs);
      }
      return chart / health;
    };
    await injected(true, 500);
    await injected(false, 500);
    const chartInject = await injected(true, 3000);
    const healthInject = await injected(false, 3000);
    const injectInterleaved = await interleavedInject(30, 100);
    await sequential(healthRequest); // warm-up of both paths
    await sequential(chartRequest);
    const chartP50 = await sequential(chartRequest);
    const healthP50 = await sequential(healthRequest);
    const chartRate = await hammer(chartRequest);
    const healthRate = await hammer(healthRequest);
    const rateInterleaved = await interleavedRate(8, 500);
    console.table([
      { measure: 'cached chart data via inject, mean (µs)', value: chartInject.toFixed(0) },
      { measure: 'GET /health via inject, mean (µs)', value: healthInject.toFixed(0) },
      { measure: 'inject ratio chart / health', value: (chartInject / healthInject).toFixed(2) },
      { measure: 'cached chart data p50 (ms)', value: chartP50.toFixed(2) },
      { measure: 'GET /health p50 (ms)', value: healthP50.toFixed(2) },
      { measure: 'p50 ratio chart / health', value: (chartP50 / healthP50).toFixed(2) },
      { measure: `cached chart data, ${CLIENTS} clients (req/s)`, value: chartRate.toFixed(0) },
      { measure: `GET /health, ${CLIENTS} clients (req/s)`, value: healthRate.toFixed(0) },
      { measure: 'throughput ratio chart / health', value: (chartRate / healthRate).toFixed(3) },
      { measure: 'inject ratio, 30 interleaved rounds (median)', value: injectInterleaved.toFixed(2) },
      { measure: 'throughput ratio, 8 interleaved 0.5 s windows', value: rateInterleaved.toFixed(3) },
    ]);
  } finally {
    await app.close();
    await base.store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
