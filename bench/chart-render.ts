/**
 * Chromium: how long a 20,000-point line chart takes to render (target < 500 ms). Builds
 * bench/chart-render/ (the real @tessera/charts line plugin) with Vite, serves it on loopback, opens it in
 * Debian's Chromium and prints each run, the median, and the ratio to the 500 ms budget.
 * Run: npx tsx bench/chart-render.ts
 */
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';

const BUDGET_MS = 500;
const here = path.resolve(import.meta.dirname, 'chart-render');
const outDir = mkdtempSync(path.join(tmpdir(), 'tessera-chart-render-'));

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** What the harness leaves in `window.benchResult`. */
function parseResult(value: unknown): { points: number; runsMs: number[] } {
  if (typeof value !== 'object' || value === null) throw new Error('harness left no result');
  if ('error' in value) throw new Error(`harness failed: ${String(value.error)}`);
  const points = 'points' in value ? value.points : undefined;
  const runsMs = 'runsMs' in value ? value.runsMs : undefined;
  if (typeof points !== 'number' || !Array.isArray(runsMs) || !runsMs.every((ms) => typeof ms === 'number'))
    throw new Error('harness result has an unexpected shape');
  return { points, runsMs };
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

async function main(): Promise<void> {
  await build({
    root: here,
    logLevel: 'warn',
    esbuild: { jsx: 'automatic' },
    build: { outDir, emptyOutDir: true },
  });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const file = path.join(outDir, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
    if (!file.startsWith(outDir)) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = readFileSync(file);
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction('window.benchResult !== undefined', undefined, { timeout: 120_000 });
    const result = parseResult(await page.evaluate('window.benchResult'));
    const runs = result.runsMs.map((ms) => Math.round(ms));
    const first = runs[0] ?? Number.NaN;
    const mid = Math.round(median(result.runsMs));
    console.log(`line chart, ${result.points} points, runs (ms): ${runs.join(', ')}`);
    console.log(`first render ${first} ms, median ${mid} ms; budget ${BUDGET_MS} ms`);
    console.log(
      `ratio to budget: first ${(first / BUDGET_MS).toFixed(2)}, median ${(mid / BUDGET_MS).toFixed(2)}`,
    );
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
