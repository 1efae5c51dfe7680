import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportExecutor } from '../src/modules/reports/report-executor';
import { liveReportPorts, type LiveReportPorts } from '../src/modules/reports/report-live-ports';
import { selectReportLogs } from '../src/modules/reports/reports.repo';
import { leafParts, parseMime } from '../src/modules/reports/delivery/test-utils/mime';
import { startSink } from '../src/modules/reports/delivery/test-utils/smtp-sink';
import { freePort } from './free-port';
import { startTestServer, type TestServer } from './harness';
import { ensureWebBuild } from './web-build';

/**
 * Issue #14 acceptance, end to end in one process: schedules run by the executor with the real ports
 * (Chromium renderer, nodemailer to a real SMTP server started here) arrive as mail with the right subject
 * and recipients: a chart as CSV (rows equal the chart's data), as TEXT and as a PNG that is not blank, and a
 * two-tab dashboard as a PDF holding both tabs.
 */

const LEAP_CRON = '*/5 * 29 2 *';
const instant = (minutes: number): string =>
  new Date(Date.parse('2024-02-29T00:00:00Z') + minutes * 60_000).toISOString();

let sink: Awaited<ReturnType<typeof startSink>>;
let server: TestServer;
let ports: LiveReportPorts;
let executor: ReportExecutor;
let token = '';
let chartId = 0;
let dashboardId = 0;
let work = '';

async function api<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const response = await server.request(method, url, { token, ...(body === undefined ? {} : { body }) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<T>();
}

async function report(name: string, body: Record<string, unknown>): Promise<number> {
  const created = await api<{ id: number }>('POST', '/api/v1/report/', {
    type: 'Report',
    name,
    crontab: LEAP_CRON,
    log_retention: 3650,
    recipients: [
      {
        type: 'Email',
        recipient_config_json: {
          target: 'team@example.com; boss@example.com',
          bccTarget: 'audit@example.com',
        },
      },
    ],
    ...body,
  });
  return created.id;
}

/** Runs one instant of the schedule and answers the mail it sent. */
async function deliver(reportId: number, minutes: number) {
  const before = sink.received.length;
  await executor.run({ reportId, scheduledDttm: instant(minutes) });
  const logs = await selectReportLogs(server.ctx.store.db, reportId).execute();
  const log = logs.find((row) => row.scheduled_dttm === instant(minutes));
  expect(log?.state, log?.error_message ?? '').toBe('Success');
  expect(sink.received.length).toBe(before + 1);
  const mail = sink.received.at(-1);
  if (mail === undefined) throw new Error('no mail');
  return { mail, parts: leafParts(parseMime(mail.raw)), root: parseMime(mail.raw) };
}

beforeAll(async () => {
  const webDist = ensureWebBuild();
  work = mkdtempSync(path.join(tmpdir(), 'tessera-delivery-'));
  sink = await startSink();
  const port = await freePort();
  server = await startTestServer('sqlite', {
    examples: true,
    env: {
      TESSERA_WEB_DIST: webDist,
      TESSERA_SMTP_HOST: '127.0.0.1',
      TESSERA_SMTP_PORT: String(sink.port),
      TESSERA_SMTP_FROM: 'reports@tessera.test',
      TESSERA_RENDER_BASE_URL: `http://127.0.0.1:${String(port)}`,
    },
  });
  await server.app.listen({ port, host: '127.0.0.1' });
  token = await server.token();
  const query = encodeURIComponent('(filters:!((col:table_name,opr:eq,value:birth_names)))');
  const datasetId = (await api<{ result: { id: number }[] }>('GET', `/api/v1/dataset/?q=${query}`)).result[0]
    ?.id;
  if (datasetId === undefined) throw new Error('birth_names dataset missing');
  const total = { expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'total' };
  chartId = (
    await api<{ id: number }>('POST', '/api/v1/chart/', {
      slice_name: 'Births by gender',
      viz_type: 'echarts_timeseries_bar',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({
        viz_type: 'echarts_timeseries_bar',
        x_axis: 'gender',
        metrics: [total],
        datasource: `${String(datasetId)}__table`,
      }),
      query_context: JSON.stringify({
        datasource: { id: datasetId, type: 'table' },
        queries: [{ columns: ['gender'], metrics: [total], orderby: [['gender', true]] }],
      }),
    })
  ).id;
  const chart = (id: string) => ({
    id,
    type: 'CHART',
    children: [],
    meta: { chartId, width: 6, height: 50 },
  });
  const position = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['TABS-t'] },
    'TABS-t': { id: 'TABS-t', type: 'TABS', children: ['TAB-1', 'TAB-2'] },
    'TAB-1': { id: 'TAB-1', type: 'TAB', children: ['ROW-1'], meta: { text: 'First tab' } },
    'TAB-2': { id: 'TAB-2', type: 'TAB', children: ['ROW-2'], meta: { text: 'Second tab' } },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-a'] },
    'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['MARKDOWN-m'] },
    'CHART-a': chart('CHART-a'),
    'MARKDOWN-m': {
      id: 'MARKDOWN-m',
      type: 'MARKDOWN',
      children: [],
      meta: { width: 6, height: 30, code: 'Second tab marker text' },
    },
  };
  dashboardId = (
    await api<{ id: number }>('POST', '/api/v1/dashboard/', {
      dashboard_title: 'Delivered board',
      position_json: JSON.stringify(position),
    })
  ).id;
  ports = liveReportPorts(server.ctx);
  executor = new ReportExecutor(server.ctx, ports);
});

afterAll(async () => {
  executor.close();
  await ports.close();
  await server.close();
  await sink.close();
  rmSync(work, { recursive: true, force: true });
});

describe('reports delivered by e-mail through the real renderer and SMTP', () => {
  it('a chart as CSV arrives with the prefix, every recipient, and the rows of the chart', async () => {
    const id = await report('Gender CSV mail', { chart: chartId, report_format: 'CSV' });
    const { mail, parts, root } = await deliver(id, 0);
    expect(root.headers.get('subject')).toBe('[Report] Gender CSV mail');
    expect(mail.rcptTo.sort()).toEqual(['audit@example.com', 'boss@example.com', 'team@example.com']);
    expect(root.headers.get('bcc')).toBeUndefined();
    const csv = parts.find((part) => part.headers.get('content-type')?.startsWith('text/csv'));
    const direct = await server.request('GET', `/api/v1/chart/${String(chartId)}/data/?format=csv`, {
      token,
    });
    expect(csv?.body.toString('utf8')).toBe(direct.body);
    expect(direct.body).toContain('boy');
  });

  it('a chart as TEXT arrives as an HTML table of its data', async () => {
    const id = await report('Gender TEXT mail', { chart: chartId, report_format: 'TEXT' });
    const { parts } = await deliver(id, 0);
    const html = parts
      .find((part) => part.headers.get('content-type')?.startsWith('text/html'))
      ?.body.toString('utf8');
    const cells = (tag: 'th' | 'td') =>
      [...(html ?? '').matchAll(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]);
    expect(cells('th')).toEqual(['gender', 'total']);
    const json = await server.request('GET', `/api/v1/chart/${String(chartId)}/data/`, { token });
    const rows =
      json.json<{ result: { data: { gender: string; total: number }[] }[] }>().result[0]?.data ?? [];
    expect(rows.length).toBe(2);
    expect(cells('td')).toEqual(rows.flatMap((row) => [row.gender, String(row.total)]));
  });

  it('a chart as PNG arrives inline and is not blank', async () => {
    const id = await report('Gender PNG mail', { chart: chartId, report_format: 'PNG', custom_width: 800 });
    const { parts } = await deliver(id, 0);
    const png = parts.find((part) => part.headers.get('content-type')?.startsWith('image/png'));
    expect(png?.headers.get('content-id')).toBeDefined();
    const data = png?.body ?? Buffer.alloc(0);
    expect(data.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(data.readUInt32BE(16)).toBe(800);
    // Not one flat colour: a drawn chart compresses far worse than an empty page.
    expect(data.length).toBeGreaterThan(5000);
  });

  it('a two-tab dashboard as PDF arrives with both tabs as text', async () => {
    const id = await report('Board PDF mail', { dashboard: dashboardId, report_format: 'PDF' });
    const { parts } = await deliver(id, 0);
    const pdf = parts.find((part) => part.headers.get('content-type')?.startsWith('application/pdf'));
    const file = path.join(work, 'board.pdf');
    writeFileSync(file, pdf?.body ?? Buffer.alloc(0));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('First tab');
    expect(text).toContain('Second tab marker text');
    expect(text).toContain('Births by gender');
  });
});
