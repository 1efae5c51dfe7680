/**
 * Dashboard filters (issue #13), each figure against a baseline of the same run:
 *  1. Applying one native filter on a 20-chart dashboard in Chromium, Apply click → every chart repainted,
 *     warm cache (target < 1 s), against one chart's Force refresh (bench/dashboard-filters-apply.ts).
 *  2. Select-filter options over a column with 100,000 distinct values through POST /api/v1/chart/data:
 *     first page and searches as the filter bar asks them, versus the same SQL through the raw pg driver
 *     (target < 200 ms each; bench/dashboard-filters-options.ts).
 * Run: npm run build && BENCH_PORT=18361 npx tsx bench/dashboard-filters.ts (BENCH_PART=1 or 2: that part only)
 */
import { loadavg } from 'node:os';
import { launchBenchChromium } from './bench-browser';
import type { Browser } from '@playwright/test';
import { startBenchServer, type BenchServer } from './bench-server';
import { benchFilterApply, medianRepaint } from './dashboard-filters-apply';
import { benchFilterOptions } from './dashboard-filters-options';

const PORT = Number(process.env.BENCH_PORT ?? 18_361);
const APPLY_TARGET_MS = 1000;
const OPTIONS_TARGET_MS = 200;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const server = await startBenchServer({
    port: PORT,
    name: 'dashboard-filters',
    constants: { SUPERSET_WEBSERVER_TIMEOUT: 300 },
    startTimeoutMs: 120_000,
  });
  const browser = await launchBenchChromium();
  try {
    const token = await server.login();
    const part = process.env.BENCH_PART;
    if (part !== '2') await partOne(server, token, browser);
    if (part !== '1') await partTwo(server, token);
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function partOne(server: BenchServer, token: string, browser: Browser): Promise<void> {
  const applied = await benchFilterApply(browser, server, token);
  const apply = medianRepaint(applied.applies);
  const refresh = medianRepaint(applied.refreshes);
  console.log(
    `1. one native filter applied on ${String(applied.charts)} charts (medians; load average ${load()})`,
  );
  const ms = (value: number) => Math.round(value);
  console.table([
    {
      measure: `Apply → ${String(applied.charts)} charts repainted, warm cache`,
      ms: ms(apply.ms),
      'vs 1 chart refresh': (apply.ms / refresh.ms).toFixed(2),
      'first chart-data (ms)': ms(apply.firstRequest),
      'last chart-data (ms)': ms(apply.lastResponse),
      'chart-data': apply.requests,
      cached: apply.cached,
      target: `< ${String(APPLY_TARGET_MS)} ms: ${apply.ms < APPLY_TARGET_MS ? 'met' : 'MISSED'}`,
    },
    {
      measure: '1 chart, Force refresh → repainted',
      ms: ms(refresh.ms),
      'vs 1 chart refresh': '1.00',
      'first chart-data (ms)': ms(refresh.firstRequest),
      'last chart-data (ms)': ms(refresh.lastResponse),
      'chart-data': refresh.requests,
      cached: refresh.cached,
      target: '',
    },
  ]);
  console.log('   each apply (ms):', applied.applies.map((round) => ms(round.ms)).join(', '));
  console.log('   each refresh (ms):', applied.refreshes.map((round) => ms(round.ms)).join(', '));
}

async function partTwo(server: BenchServer, token: string): Promise<void> {
  const options = await benchFilterOptions(server, token);
  console.log(`2. select filter options, 100,000 distinct values (load average ${load()})`);
  console.table(
    options.map((figure) => ({
      measure: figure.measure,
      runs: figure.runs,
      rows: figure.rows,
      'api ms': figure.apiMs.toFixed(1),
      'raw pg ms': figure.rawMs.toFixed(1),
      'ratio api/raw': (figure.apiMs / figure.rawMs).toFixed(2),
      'served from': figure.cached ? 'cache/list' : 'SQL',
      target: `< ${String(OPTIONS_TARGET_MS)} ms: ${figure.apiMs < OPTIONS_TARGET_MS ? 'met' : 'MISSED'}`,
    })),
  );
}

await main();
