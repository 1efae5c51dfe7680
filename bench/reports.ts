/**
 * Alerts and reports end to end (issue #14), with real processes: a web process, one `tessera beat` and
 * two `tessera worker` (apps/server/test/report-cluster.ts), PostgreSQL data and metadata, Redis, an SMTP
 * sink. Each figure is "scheduled instant → mail in the sink", measured on the sink's clock:
 *
 * 1. 20 chart PNG reports due at the same instant on two workers: all delivered, none twice, time to the
 *    first and the last (this also launches both workers' browsers, so 2 and 3 run on warm workers).
 * 2. A 50-chart two-tab dashboard (30 + 20, rows of 3) as PDF, against a plain Playwright page.pdf of the
 *    same print URL (every tab stacked) in an already signed-in context of this run (ratio).
 * 3. One chart as PNG, against a plain page.screenshot of the same standalone Explore URL (ratio).
 * Peak RSS of the executors: each worker's Node process (VmHWM) and the highest sampled sum of a worker
 * with its Chromium processes.
 *
 * The API takes five-field cron; each schedule's stored crontab is set to a seconds pattern in a chosen
 * minute, which the beat and the executor read as they would any cron. Run: npm run build && npx tsx
 * bench/reports.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { openContext } from '../apps/server/src/init';
import { parseMime } from '../apps/server/src/modules/reports/delivery/test-utils/mime';
import {
  openRenderSession,
  SESSION_COOKIE,
} from '../apps/server/src/modules/security/render-sessions.service';
import { loadConfig } from '../apps/server/src/platform/config';
import {
  barChart,
  dataDatabase,
  dataQuery,
  startCluster,
  tableDataset,
  type Cluster,
  type ClusterProcess,
} from '../apps/server/test/report-cluster';
import { launchBenchChromium } from './bench-browser';
import { median } from './bench-server';

const MINUTE = 60_000;
const WIDTH = 1600;
const ROUNDS = 5;

/** A mail as the sink saw it, with the time it arrived. */
interface Arrival {
  reportId: string;
  at: number;
}

/** Parent pid of every process, from /proc. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      map.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Ended meanwhile.
    }
  }
  return map;
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** RSS of a worker and everything it started (its Chromium), in kB. */
function treeRssKb(pid: number, parentOf: Map<number, number>): number {
  let total = statusKb(pid, 'VmRSS');
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.pop();
    for (const [child, parent] of parentOf) {
      if (parent !== current) continue;
      total += statusKb(child, 'VmRSS');
      queue.push(child);
    }
  }
  return total;
}

/** A minute starting at least `leadMs` from now: the beat enqueues a minute's instants at its start. */
const nextMinute = (leadMs: number): Date => new Date(Math.ceil((Date.now() + leadMs) / MINUTE) * MINUTE);

async function scheduleAt(cluster: Cluster, at: Date, body: Record<string, unknown>): Promise<number> {
  const { id } = await cluster.api<{ id: number }>('POST', '/api/v1/report/', {
    type: 'Report',
    crontab: '0 0 1 1 *',
    timezone: 'UTC',
    working_timeout: 600,
    recipients: [{ type: 'Email', recipient_config_json: { target: 'bench@example.com' } }],
    ...body,
  });
  const crontab = `${String(at.getUTCSeconds())} ${String(at.getUTCMinutes())} ${String(at.getUTCHours())} * * *`;
  await cluster.metadata.query('UPDATE report_schedule SET crontab = $1 WHERE id = $2', [crontab, id]);
  return id;
}

async function waitUntil(what: string, probe: () => boolean): Promise<void> {
  const started = Date.now();
  while (!probe()) {
    if (Date.now() - started > 15 * MINUTE) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function positionFor(groups: number[][]): Record<string, unknown> {
  const items: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['TABS-main'] },
  };
  const tabIds = groups.map((charts, tab) => {
    const rows: string[] = [];
    for (let start = 0; start < charts.length; start += 3) {
      const rowId = `ROW-${String(tab)}-${String(start / 3)}`;
      const ids = charts.slice(start, start + 3).map((chartId) => {
        const id = `CHART-${String(chartId)}`;
        items[id] = { id, type: 'CHART', children: [], meta: { chartId, width: 4, height: 50 } };
        return id;
      });
      items[rowId] = { id: rowId, type: 'ROW', children: ids };
      rows.push(rowId);
    }
    const id = `TAB-${String(tab)}`;
    items[id] = { id, type: 'TAB', children: rows, meta: { text: `Tab ${String(tab + 1)}` } };
    return id;
  });
  items['TABS-main'] = { id: 'TABS-main', type: 'TABS', children: tabIds };
  return items;
}

/**
 * Every visible chart holder of the page rendered (or failed), at least `count` of them. Polled with
 * page.evaluate: waitForFunction builds a function in the page, which the app's CSP (no eval) refuses.
 */
async function settled(page: Page, count: number): Promise<void> {
  while (!(await page.evaluate(settledScript(count))))
    await new Promise((resolve) => setTimeout(resolve, 100));
}

const settledScript = (count: number): string => `(() => {
  const holders = [...document.querySelectorAll('[data-chart-status]')].filter((h) => h.getClientRects().length > 0);
  return holders.length >= ${String(count)} && holders.every((h) => ['rendered', 'failed'].includes(h.dataset.chartStatus));
})()`;

async function main(): Promise<void> {
  const cluster = await startCluster();
  const samples = new Map<number, number>();
  let sampler: NodeJS.Timeout | undefined;
  try {
    const arrivals: Arrival[] = [];
    let seen = 0;
    const poller = setInterval(() => {
      for (; seen < cluster.sink.received.length; seen += 1) {
        const mail = cluster.sink.received[seen];
        if (mail === undefined) continue;
        const reportId = parseMime(mail.raw).headers.get('x-tessera-report-id') ?? '';
        arrivals.push({ reportId, at: mail.receivedAt });
      }
    }, 50);
    await dataQuery(
      cluster,
      `CREATE TABLE sales (region text, year int, amount int);
       INSERT INTO sales SELECT 'region ' || (g % 12), 2000 + g % 20, g % 997 FROM generate_series(1, 100000) g;`,
    );
    const databaseId = await dataDatabase(cluster, 'bench data');
    const datasetId = await tableDataset(cluster, databaseId, 'sales');
    const charts: number[] = [];
    // Each chart its own SQL, so the server's result cache does not answer 49 of them.
    for (let i = 1; i <= 50; i += 1)
      charts.push(
        await barChart(
          cluster,
          datasetId,
          `Bench chart ${String(i)}`,
          'region',
          `SUM(amount * ${String(i)})`,
        ),
      );
    const { id: dashboardId } = await cluster.api<{ id: number }>('POST', '/api/v1/dashboard/', {
      dashboard_title: 'Bench 50 charts',
      position_json: JSON.stringify(positionFor([charts.slice(0, 30), charts.slice(30)])),
    });
    const workers: ClusterProcess[] = await Promise.all([
      cluster.start('beat'),
      cluster.start('worker'),
      cluster.start('worker'),
    ]).then((started) => started.filter((proc) => proc.role === 'worker'));
    sampler = setInterval(() => {
      const parentOf = parents();
      for (const worker of workers)
        samples.set(worker.pid, Math.max(samples.get(worker.pid) ?? 0, treeRssKb(worker.pid, parentOf)));
    }, 200);

    // 1. Twenty at one instant.
    const burstAt = nextMinute(20_000);
    const burst: number[] = [];
    for (let i = 0; i < 20; i += 1)
      burst.push(
        await scheduleAt(cluster, burstAt, {
          name: `Burst ${String(i + 1)}`,
          chart: charts[i],
          report_format: 'PNG',
        }),
      );
    const burstIds = new Set(burst.map(String));
    const burstArrivals = () => arrivals.filter((arrival) => burstIds.has(arrival.reportId));
    await waitUntil('the 20 reports', () => new Set(burstArrivals().map((a) => a.reportId)).size === 20);
    const burstTimes = burstArrivals().map((arrival) => arrival.at - burstAt.getTime());

    // 2. The 50-chart dashboard as PDF.
    const pdfAt = nextMinute(15_000);
    const pdfId = String(
      await scheduleAt(cluster, pdfAt, { name: 'Bench PDF', dashboard: dashboardId, report_format: 'PDF' }),
    );
    await waitUntil('the PDF', () => arrivals.some((arrival) => arrival.reportId === pdfId));
    const pdfMs = (arrivals.find((arrival) => arrival.reportId === pdfId)?.at ?? 0) - pdfAt.getTime();

    // 3. One chart as PNG.
    const pngAt = nextMinute(15_000);
    const pngId = String(
      await scheduleAt(cluster, pngAt, { name: 'Bench PNG', chart: charts[49], report_format: 'PNG' }),
    );
    await waitUntil('the PNG', () => arrivals.some((arrival) => arrival.reportId === pngId));
    const pngMs = (arrivals.find((arrival) => arrival.reportId === pngId)?.at ?? 0) - pngAt.getTime();
    console.log(
      `measured: 20 PNG last ${(Math.max(...burstTimes) / 1000).toFixed(1)} s, PDF ${(pdfMs / 1000).toFixed(1)} s, ` +
        `PNG ${(pngMs / 1000).toFixed(2)} s after their instants; baselines next`,
    );
    // Past the next window: a second delivery of any of them would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, pngAt.getTime() + MINUTE + 10_000 - Date.now()));
    clearInterval(poller);
    clearInterval(sampler);
    const hwm = workers.map((worker) => statusKb(worker.pid, 'VmHWM'));

    // Baselines: the same pages through plain Playwright in a signed-in context that stays open.
    const base = await openContext(loadConfig(cluster.env));
    const browser = await launchBenchChromium();
    const me = await cluster.api<{ result: { id: number } }>('GET', '/api/v1/me/');
    const session = await openRenderSession(base.store.db, me.result.id, 3600);
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 1200 } });
    await context.addCookies([{ name: SESSION_COOKIE, value: session.token, url: cluster.baseUrl }]);
    const page: Page = await context.newPage();
    const plainPdf = async () => {
      const started = performance.now();
      await page.goto(
        `${cluster.baseUrl}/superset/dashboard/${String(dashboardId)}/?standalone=3&print_all_tabs=1`,
        { waitUntil: 'domcontentloaded' },
      );
      await settled(page, 50);
      await page.pdf({ width: `${String(WIDTH)}px`, printBackground: true });
      return performance.now() - started;
    };
    const plainPng = async () => {
      const started = performance.now();
      await page.goto(`${cluster.baseUrl}/explore/?slice_id=${String(charts[49])}&standalone=1`, {
        waitUntil: 'domcontentloaded',
      });
      await settled(page, 1);
      await page.screenshot({ type: 'png' });
      return performance.now() - started;
    };
    await plainPdf();
    const pdfRuns: number[] = [];
    const pngRuns: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      pdfRuns.push(await plainPdf());
      pngRuns.push(await plainPng());
    }
    await session.end();
    await browser.close();
    await base.store.close();

    const perReport = new Map<string, number>();
    for (const arrival of arrivals)
      perReport.set(arrival.reportId, (perReport.get(arrival.reportId) ?? 0) + 1);
    const twice = [...perReport.values()].filter((count) => count > 1).length;
    const plainPdfMs = median(pdfRuns);
    const plainPngMs = median(pngRuns);
    console.log(
      `load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `20 PNG reports at one instant, 2 workers: ${String(new Set(burstArrivals().map((a) => a.reportId)).size)}/20 delivered, ` +
        `first ${(Math.min(...burstTimes) / 1000).toFixed(1)} s, last ${(Math.max(...burstTimes) / 1000).toFixed(1)} s after the instant ` +
        `(includes both browsers' launch)`,
    );
    console.log(
      `mails delivered more than once: ${String(twice)} (of ${String(perReport.size)} reports, ${String(arrivals.length)} mails)`,
    );
    console.log(`50-chart two-tab dashboard PDF, instant → mail: ${(pdfMs / 1000).toFixed(1)} s`);
    console.log(
      `plain page.pdf of the same print URL, median of ${String(ROUNDS)}: ${(plainPdfMs / 1000).toFixed(1)} s`,
    );
    console.log(`ratio PDF report / plain page.pdf: ${(pdfMs / plainPdfMs).toFixed(2)}`);
    console.log(`one chart PNG, instant → mail: ${(pngMs / 1000).toFixed(2)} s`);
    console.log(
      `plain page.screenshot of the same Explore URL, median of ${String(ROUNDS)}: ${(plainPngMs / 1000).toFixed(2)} s`,
    );
    console.log(`ratio PNG report / plain screenshot: ${(pngMs / plainPngMs).toFixed(2)}`);
    workers.forEach((worker, index) => {
      console.log(
        `worker ${String(index + 1)}: Node peak RSS ${((hwm[index] ?? 0) / 1024).toFixed(0)} MB; ` +
          `peak sampled RSS with its Chromium ${((samples.get(worker.pid) ?? 0) / 1024).toFixed(0)} MB`,
      );
    });
  } finally {
    clearInterval(sampler);
    await cluster.stop();
  }
}

await main();
