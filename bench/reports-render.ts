/**
 * Report renderer (issue #14): one chart as PNG through the renderer (modules/screenshots: a session minted
 * for the user, a fresh context, waiting for data-chart-status, page.screenshot) against a plain Playwright
 * page.screenshot of the same standalone Explore URL in an already open context of the same run (ratio of
 * medians, warm browser both). The renderer's first render (browser launch included) is printed apart.
 * In process, SQLite metadata, the examples database. Run: npm run build && npx tsx bench/reports-render.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { ensureAdmin, ensureExamples, openContext } from '../apps/server/src/init';
import {
  openRenderSession,
  SESSION_COOKIE,
} from '../apps/server/src/modules/security/render-sessions.service';
import { createRenderer } from '../apps/server/src/modules/screenshots';
import { loadConfig } from '../apps/server/src/platform/config';
import { launchBenchChromium } from './bench-browser';
import { median } from './bench-server';

const ROUNDS = 7;
const WIDTH = 800;
const HEIGHT = 600;
const PASSWORD = 'bench-password-1';
const root = path.resolve(import.meta.dirname, '..');

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-reports-'));
  const config = loadConfig(
    {
      TESSERA_DATA_DIR: dataDir,
      TESSERA_SECRET_KEY: randomBytes(36).toString('base64url'),
      TESSERA_LOG_LEVEL: 'warn',
      TESSERA_WEB_DIST: path.join(root, 'apps/web/dist'),
      TESSERA_RENDER_CONCURRENCY: '1',
    },
    dataDir,
  );
  const base = await openContext(config);
  await ensureAdmin(base, 'admin', PASSWORD);
  const { app, ctx } = await buildApp(base);
  await ensureExamples(ctx);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await launchBenchChromium();
  const renderer = createRenderer({ config, db: ctx.store.db }, { baseUrl: address });
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
      if (!response.ok) throw new Error(`${pathname}: ${String(response.status)} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const { access_token: token } = await call<{ access_token: string }>('/api/v1/security/login', null, {
      username: 'admin',
      password: PASSWORD,
      provider: 'db',
    });
    const userId = (await call<{ result: { id: number } }>('/api/v1/me/', token)).result.id;
    const query = encodeURIComponent('(filters:!((col:table_name,opr:eq,value:birth_names)))');
    const datasetId = (await call<{ result: { id: number }[] }>(`/api/v1/dataset/?q=${query}`, token))
      .result[0]?.id;
    if (datasetId === undefined) throw new Error('birth_names dataset missing');
    const params = {
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'state',
      metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'total' }],
      row_limit: 100,
      datasource: `${String(datasetId)}__table`,
    };
    const chartId = (
      await call<{ id: number }>('/api/v1/chart/', token, {
        slice_name: 'Bench bar',
        viz_type: params.viz_type,
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify(params),
      })
    ).id;

    // Baseline: a context that is already signed in, reused; only goto → rendered → screenshot is timed.
    const session = await openRenderSession(ctx.store.db, userId, 3600);
    const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT } });
    await context.addCookies([{ name: SESSION_COOKIE, value: session.token, url: address }]);
    const page = await context.newPage();
    const url = `${address}/explore/?slice_id=${String(chartId)}&standalone=1`;
    const plain = async () => {
      const started = performance.now();
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('[data-test="chart-container"][data-chart-status="rendered"]', {
        timeout: 0,
      });
      await page.screenshot({ type: 'png' });
      return performance.now() - started;
    };
    // The same in a new context each time, as the renderer does (no HTTP cache, no cookies shared).
    const plainFreshContext = async () => {
      const started = performance.now();
      const fresh = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT } });
      await fresh.addCookies([{ name: SESSION_COOKIE, value: session.token, url: address }]);
      const freshPage = await fresh.newPage();
      await freshPage.goto(url, { waitUntil: 'domcontentloaded' });
      await freshPage.waitForSelector('[data-test="chart-container"][data-chart-status="rendered"]', {
        timeout: 0,
      });
      await freshPage.screenshot({ type: 'png' });
      await fresh.close();
      return performance.now() - started;
    };
    const rendered = async () => {
      const started = performance.now();
      await renderer.renderChartPng({ userId, chartId, width: WIDTH, height: HEIGHT });
      return performance.now() - started;
    };
    const firstRender = await rendered();
    await plain();
    const plainRuns: number[] = [];
    const rendererRuns: number[] = [];
    const freshRuns: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      plainRuns.push(await plain());
      freshRuns.push(await plainFreshContext());
      rendererRuns.push(await rendered());
    }
    await context.close();
    await session.end();
    const plainMs = median(plainRuns);
    const rendererMs = median(rendererRuns);
    console.log(
      `load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    console.log(`renderer first PNG (browser launch included): ${firstRender.toFixed(0)} ms`);
    console.log(`plain page.screenshot, median of ${String(ROUNDS)}: ${plainMs.toFixed(0)} ms`);
    const freshMs = median(freshRuns);
    console.log(`plain page.screenshot in a new context each time, median: ${freshMs.toFixed(0)} ms`);
    console.log(`renderer PNG, median of ${String(ROUNDS)}: ${rendererMs.toFixed(0)} ms`);
    console.log(`ratio renderer / plain: ${(rendererMs / plainMs).toFixed(2)}`);
    console.log(`ratio renderer / plain in a new context: ${(rendererMs / freshMs).toFixed(2)}`);
  } finally {
    await renderer.close();
    await browser.close();
    await app.close();
    await base.store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
