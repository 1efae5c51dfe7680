/**
 * Chart data benchmarks, each against a baseline measured in the same run:
 *  1. An aggregation (SUM by a 5-value column and a year grain) over a 10M-row PostgreSQL table through
 *     POST /api/v1/chart/data with force=true, versus the same SQL (taken from result_type=query) through the
 *     raw pg driver; prints the median ratio (target ≤ 1.2).
 *  2. The same query answered from the result cache: sequential p50 (target < 5 ms).
 *  3. Cached answers with 50 concurrent clients over a fixed window: requests per second (target ≥ 2000).
 *  For 2 and 3, GET /health (no auth, no work) is measured the same way in the same run as the floor the
 *  machine allows at that moment.
 * The table (schema `bench`, database tessera_bench) is generated once with generate_series and kept.
 * Run: npx tsx bench/chart-data.ts
 */
import pg from 'pg';
import {
  BENCH_PG_URI,
  benchDatabaseClient,
  json,
  median,
  startBenchServer,
  timeRawQuery,
} from './bench-server';
import { yearlyRegionTotals } from './chart-data-query';

const ROWS = 10_000_000;
const AGG_RUNS = 3;
const CACHED_RUNS = 300;
const CLIENTS = 50;
const WINDOW_MS = 5000;

async function prepareTable(): Promise<void> {
  const client = await benchDatabaseClient();
  await client.query('CREATE SCHEMA IF NOT EXISTS bench');
  const present = await client.query<{ present: boolean }>(
    `SELECT to_regclass('bench.chart_rows') IS NOT NULL AS present`,
  );
  if (present.rows[0]?.present !== true) {
    const started = performance.now();
    await client.query(`
      CREATE TABLE bench.chart_rows AS
      SELECT g AS id,
             (ARRAY['north', 'south', 'east', 'west', 'center'])[1 + g % 5] AS region,
             timestamp '2010-01-01' + (g % 5479) * interval '1 day' + (g % 86400) * interval '1 second' AS ts,
             (g % 1000)::integer AS amount
      FROM generate_series(1, ${ROWS}) AS g`);
    await client.query('ANALYZE bench.chart_rows');
    console.log(
      `generated bench.chart_rows (${ROWS} rows) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  await client.end();
}

async function main(): Promise<void> {
  await prepareTable();
  const server = await startBenchServer({
    port: 18_289,
    name: 'chart-data',
    constants: { SUPERSET_WEBSERVER_TIMEOUT: 300 },
    startTimeoutMs: 120_000,
  });
  const { api, base } = server;
  const raw = new pg.Client({ connectionString: BENCH_PG_URI });
  await raw.connect();
  try {
    const token = await server.login();
    const databaseId = await server.addBenchDatabase(token);
    const dataset = await json<{ result: { table_id: number } }>(
      await api('/api/v1/dataset/get_or_create/', token, {
        table_name: 'chart_rows',
        database_id: databaseId,
        schema: 'bench',
      }),
    );
    const queryContext = yearlyRegionTotals(dataset.result.table_id);
    const compiled = await json<{ result: { query: string }[] }>(
      await api('/api/v1/chart/data', token, { ...queryContext, result_type: 'query' }),
    );
    const sql = compiled.result[0]?.query ?? '';
    console.log(`SQL:\n${sql}\n`);

    // 1. Uncached aggregation: API (force) versus raw driver, alternating so both see the same cache state.
    const viaApi: number[] = [];
    const viaRaw: number[] = [];
    let rowsApi = 0;
    let rowsRaw = 0;
    await raw.query(sql); // warm PostgreSQL's buffers once before measuring either side
    for (let i = 0; i < AGG_RUNS; i += 1) {
      const rawRun = await timeRawQuery(raw, sql);
      viaRaw.push(rawRun.ms);
      rowsRaw = rawRun.rows;
      const started = performance.now();
      const body = await json<{ result: { rowcount: number }[] }>(
        await api('/api/v1/chart/data', token, { ...queryContext, force: true }),
      );
      viaApi.push(performance.now() - started);
      rowsApi = body.result[0]?.rowcount ?? 0;
    }
    const ratio = median(viaApi) / median(viaRaw);

    // 2. Cached answers, one at a time.
    await json(await api('/api/v1/chart/data', token, queryContext));
    const cached: number[] = [];
    for (let i = 0; i < CACHED_RUNS; i += 1) {
      const started = performance.now();
      const body = await json<{ result: { is_cached: boolean }[] }>(
        await api('/api/v1/chart/data', token, queryContext),
      );
      cached.push(performance.now() - started);
      if (body.result[0]?.is_cached !== true) throw new Error('expected a cached answer');
    }

    const health: number[] = [];
    for (let i = 0; i < CACHED_RUNS; i += 1) {
      const started = performance.now();
      await (await fetch(`${base}/health`)).arrayBuffer();
      health.push(performance.now() - started);
    }

    // 3. Cached answers, 50 clients for a fixed window; /health the same way as the floor.
    const payload = JSON.stringify(queryContext);
    const hammer = async (request: () => Promise<Response>): Promise<{ rate: number; failures: number }> => {
      let completed = 0;
      let failures = 0;
      const started = performance.now();
      const deadline = started + WINDOW_MS;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (performance.now() < deadline) {
            const response = await request();
            await response.arrayBuffer();
            if (response.ok) completed += 1;
            else failures += 1;
          }
        }),
      );
      return { rate: completed / ((performance.now() - started) / 1000), failures };
    };
    const chartLoad = await hammer(() =>
      fetch(`${base}/api/v1/chart/data`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: payload,
      }),
    );
    const healthLoad = await hammer(() => fetch(`${base}/health`));

    console.log(`rows: api ${rowsApi}, raw ${rowsRaw} (aggregated from ${ROWS.toLocaleString('en')} rows)`);
    console.table([
      { measure: 'aggregation via raw pg (median ms)', value: median(viaRaw).toFixed(1), target: '' },
      {
        measure: 'aggregation via /api/v1/chart/data force (median ms)',
        value: median(viaApi).toFixed(1),
        target: '',
      },
      { measure: 'ratio api / raw', value: ratio.toFixed(3), target: '≤ 1.2' },
      { measure: 'cached response p50 (ms)', value: median(cached).toFixed(2), target: '< 5' },
      { measure: 'GET /health p50, same run (ms)', value: median(health).toFixed(2), target: '' },
      {
        measure: `cached throughput, ${CLIENTS} clients (req/s)`,
        value: chartLoad.rate.toFixed(0),
        target: '≥ 2000',
      },
      {
        measure: `GET /health throughput, ${CLIENTS} clients (req/s)`,
        value: healthLoad.rate.toFixed(0),
        target: '',
      },
      { measure: 'failed requests in the throughput window', value: String(chartLoad.failures), target: '0' },
    ]);
  } finally {
    await raw.end();
    await server.stop();
  }
}

await main();
