import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BullmqDriver } from '../src/jobs/bullmq-driver';
import { InProcessDriver } from '../src/jobs/in-process-driver';
import { JobSystem } from '../src/jobs/job-system';
import { enqueueDueRuns, reportRunJobId } from '../src/modules/reports/report-beat';
import { RUN_MESSAGES, ReportExecutor } from '../src/modules/reports/report-executor';
import { registerReportJobs } from '../src/modules/reports/report-jobs';
import type {
  NotificationSender,
  ReportNotification,
  ReportPorts,
  ReportRecipient,
  ReportRenderer,
} from '../src/modules/reports/report-ports';
import { SWEPT_AFTER_SENDING, sweepReports } from '../src/modules/reports/report-sweep';
import {
  claimScheduledRun,
  finishRun,
  findReport,
  markRunSending,
  selectReportLogs,
} from '../src/modules/reports/reports.repo';
import { dashboardFixture, layoutWith, type DashboardFixture } from './dashboard-support';
import { METADATA_BACKENDS, startTestServer, type MetadataBackend, type TestServer } from './harness';
import { waitFor } from './sqllab-support';

/** A real 1×1 PNG and a one-page PDF: what a renderer hands back, small. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Feb 29 only: the server's own beat (this process runs one, no Redis) never reaches these instants
 * while the tests run, so every run here is one the test asked for.
 */
const LEAP_CRON = '*/5 * 29 2 *';
const LEAP_DAY = Date.parse('2024-02-29T00:00:00Z');
const instant = (minutes: number): string => new Date(LEAP_DAY + minutes * 60_000).toISOString();

interface Delivery {
  recipients: readonly ReportRecipient[];
  notification: ReportNotification;
}

/** The executor's ports for tests: a renderer of fixed images, a sender that keeps what it got. */
function testPorts(): {
  ports: ReportPorts;
  sent: Delivery[];
  rendered: { kind: string; userId: number; id: number }[];
  failWith: { error: Error | null };
  hang: { on: boolean; sawAbort: boolean };
} {
  const sent: Delivery[] = [];
  const rendered: { kind: string; userId: number; id: number }[] = [];
  const failWith: { error: Error | null } = { error: null };
  const hang = { on: false, sawAbort: false };
  const untilAborted = (signal: AbortSignal) =>
    new Promise<Buffer>((_resolve, reject) => {
      signal.addEventListener('abort', () => {
        hang.sawAbort = true;
        reject(new Error('render aborted'));
      });
    });
  const renderer: ReportRenderer = {
    chartPng(request) {
      rendered.push({ kind: 'chartPng', userId: request.userId, id: request.chartId });
      return hang.on ? untilAborted(request.signal) : Promise.resolve(PNG);
    },
    dashboardPng(request) {
      rendered.push({ kind: 'dashboardPng', userId: request.userId, id: request.dashboardId });
      return Promise.resolve(PNG);
    },
    dashboardPdf(request) {
      rendered.push({ kind: 'dashboardPdf', userId: request.userId, id: request.dashboardId });
      return Promise.resolve(PDF);
    },
  };
  const sender: NotificationSender = {
    send(recipients, notification) {
      if (failWith.error) return Promise.reject(failWith.error);
      sent.push({ recipients, notification });
      return Promise.resolve();
    },
  };
  return { ports: { renderer, sender }, sent, rendered, failWith, hang };
}

const sumNum = {
  expressionType: 'SIMPLE',
  aggregate: 'SUM',
  column: { column_name: 'num' },
  label: 'SUM(num)',
};

interface Setup {
  server: TestServer;
  fx: DashboardFixture;
  chartId: number;
  databaseId: number;
}

async function setUp(backend: MetadataBackend): Promise<Setup> {
  const server = await startTestServer(backend, { examples: true });
  const fx = await dashboardFixture(server);
  const chart = await server.request('POST', '/api/v1/chart/', {
    token: fx.alice,
    body: {
      slice_name: 'By gender',
      viz_type: 'table',
      datasource_id: fx.datasetId,
      datasource_type: 'table',
      query_context: JSON.stringify({
        datasource: { id: fx.datasetId, type: 'table' },
        queries: [{ columns: ['gender'], metrics: [sumNum], orderby: [['gender', true]] }],
      }),
    },
  });
  expect(chart.statusCode, chart.body).toBe(201);
  const databases = await server.request('GET', '/api/v1/database/', { token: fx.admin });
  const examples = databases
    .json<{ result: { id: number; database_name: string }[] }>()
    .result.find((database) => database.database_name === 'examples');
  return { server, fx, chartId: chart.json<{ id: number }>().id, databaseId: examples?.id ?? 0 };
}

async function createReport(setup: Setup, body: Record<string, unknown>): Promise<number> {
  const response = await setup.server.request('POST', '/api/v1/report/', {
    token: setup.fx.alice,
    body: {
      crontab: LEAP_CRON,
      // The instants are from 2024: a shorter retention would let a sweep prune them mid-test.
      log_retention: 3650,
      recipients: [{ type: 'Email', recipient_config_json: { target: 'team@example.com' } }],
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

const logsOf = (setup: Setup, reportId: number) =>
  selectReportLogs(setup.server.ctx.store.db, reportId).orderBy('l.scheduled_dttm').execute();

describe.each(METADATA_BACKENDS)('report runs on %s metadata', (backend) => {
  let setup: Setup;
  let test: ReturnType<typeof testPorts>;
  let executor: ReportExecutor;
  let aliceId: number;
  const run = (reportId: number, scheduledDttm: string) => executor.run({ reportId, scheduledDttm });
  const alert = (name: string, sql: string, extra: Record<string, unknown> = {}) =>
    createReport(setup, {
      type: 'Alert',
      name,
      database: setup.databaseId,
      sql,
      chart: setup.chartId,
      report_format: 'CSV',
      validator_type: 'operator',
      validator_config_json: { op: '>', threshold: 0 },
      ...extra,
    });

  beforeAll(async () => {
    setup = await setUp(backend);
    aliceId = setup.fx.aliceId;
    test = testPorts();
    executor = new ReportExecutor(setup.server.ctx, test.ports);
  });

  afterAll(async () => {
    executor.close();
    await setup.server.close();
  });

  it('fires an alert whose SQL over birth_names crosses the threshold, then holds it on grace', async () => {
    const id = await alert('Names counted', 'SELECT COUNT(*) AS c FROM birth_names');
    const before = test.sent.length;
    await run(id, instant(0));
    const [first] = await logsOf(setup, id);
    expect(first?.state, first?.error_message ?? '').toBe('Success');
    expect(first?.value).toBeGreaterThan(0);
    expect(test.sent.length).toBe(before + 1);
    const delivery = test.sent.at(-1);
    expect(delivery?.notification.subject).toBe('Names counted');
    expect(delivery?.notification.type).toBe('Alert');
    expect(delivery?.recipients).toEqual([{ type: 'Email', target: 'team@example.com' }]);
    expect(delivery?.notification.text).toContain(String(first?.value));

    // Fires again five minutes later: inside the 4 h grace_period after a notification.
    await run(id, instant(5));
    const logs = await logsOf(setup, id);
    expect(logs.map((log) => log.state)).toEqual(['Success', 'On Grace']);
    expect(logs[1]?.value).toBe(first?.value);
    expect(test.sent.length).toBe(before + 1);
    const report = await findReport(setup.server.ctx.store.db, id);
    expect(report?.last_state).toBe('On Grace');
    expect(report?.last_value).toBe(first?.value);
  });

  it('does not fire when the condition is false, keeping the value it read', async () => {
    const before = test.sent.length;
    const high = await alert('Too many names', 'SELECT COUNT(*) FROM birth_names', {
      validator_config_json: { op: '>=', threshold: 1e12 },
    });
    await run(high, instant(0));
    const [log] = await logsOf(setup, high);
    expect(log?.state).toBe('Not triggered');
    expect(log?.value).toBeGreaterThan(0);
    const empty = await alert(
      'Nothing there',
      "SELECT MAX(num) FROM birth_names WHERE name = 'no such name'",
      {
        validator_type: 'not null',
        validator_config_json: {},
      },
    );
    await run(empty, instant(0));
    expect((await logsOf(setup, empty))[0]?.state).toBe('Not triggered');
    const present = await alert('Something there', 'SELECT MAX(num) FROM birth_names', {
      validator_type: 'not null',
      validator_config_json: {},
    });
    await run(present, instant(0));
    expect((await logsOf(setup, present))[0]?.state).toBe('Success');
    expect(test.sent.length).toBe(before + 1);
  });

  it('ends an alert Error when its SQL answers more than one value or tries to write', async () => {
    const rows = await alert('Many rows', 'SELECT num FROM birth_names');
    await run(rows, instant(0));
    expect((await logsOf(setup, rows))[0]).toMatchObject({
      state: 'Error',
      error_message: 'Alert query returned more than one row. 2 rows returned',
    });
    const columns = await alert('Many columns', 'SELECT 1 AS a, 2 AS b');
    await run(columns, instant(0));
    expect((await logsOf(setup, columns))[0]).toMatchObject({
      state: 'Error',
      error_message: 'Alert query returned more than one column. 2 columns returned',
    });
    const text = await alert('Not a number', "SELECT 'many'");
    await run(text, instant(0));
    expect((await logsOf(setup, text))[0]?.error_message).toBe('Alert query returned a non-number value.');
    const write = await alert('Writes', 'DELETE FROM birth_names');
    await run(write, instant(0));
    const [refused] = await logsOf(setup, write);
    expect(refused?.state).toBe('Error');
    expect(refused?.error_message).toMatch(/^Alert found an error while executing a query\. /);
    const count = await alert('Still there', 'SELECT COUNT(*) FROM birth_names');
    await run(count, instant(0));
    expect((await logsOf(setup, count))[0]?.value).toBeGreaterThan(0);
  });

  it("sends a chart's CSV equal to the chart's data, and TEXT and PNG made as the owner", async () => {
    const csvReport = await createReport(setup, {
      type: 'Report',
      name: 'Gender CSV',
      chart: setup.chartId,
      report_format: 'CSV',
    });
    await run(csvReport, instant(0));
    expect((await logsOf(setup, csvReport))[0]?.state).toBe('Success');
    const csv = test.sent.at(-1)?.notification;
    const direct = await setup.server.request(
      'GET',
      `/api/v1/chart/${setup.chartId}/data/?format=csv&force=true`,
      {
        token: setup.fx.alice,
      },
    );
    expect(direct.statusCode).toBe(200);
    expect(csv?.files).toHaveLength(1);
    expect(csv?.files[0]?.name).toBe('Gender CSV.csv');
    expect(csv?.files[0]?.data.toString('utf8')).toBe(direct.body);
    expect(direct.body.split('\r\n').filter((line) => line !== '').length).toBeGreaterThan(2);
    expect(csv?.path).toBe(`/explore/?slice_id=${setup.chartId}`);

    const textReport = await createReport(setup, {
      type: 'Report',
      name: 'Gender TEXT',
      chart: setup.chartId,
      report_format: 'TEXT',
    });
    await run(textReport, instant(0));
    const table = test.sent.at(-1)?.notification.table;
    expect(table?.columns).toEqual(['gender', 'SUM(num)']);
    const json = await setup.server.request('GET', `/api/v1/chart/${setup.chartId}/data/`, {
      token: setup.fx.alice,
    });
    const rows =
      json.json<{ result: { data: { gender: string; 'SUM(num)': number }[] }[] }>().result[0]?.data ?? [];
    expect(table?.rows).toEqual(rows.map((row) => [row.gender, row['SUM(num)']]));

    const pngReport = await createReport(setup, {
      type: 'Report',
      name: 'Gender PNG',
      chart: setup.chartId,
      report_format: 'PNG',
    });
    await run(pngReport, instant(0));
    expect(test.rendered.at(-1)).toEqual({ kind: 'chartPng', userId: aliceId, id: setup.chartId });
    expect(test.sent.at(-1)?.notification.files[0]).toMatchObject({ contentType: 'image/png', data: PNG });
  });

  it('sends XLSX from the chart data engine and a dashboard PDF from the renderer', async () => {
    const xlsxReport = await createReport(setup, {
      type: 'Report',
      name: 'Gender XLSX',
      chart: setup.chartId,
      report_format: 'XLSX',
    });
    await run(xlsxReport, instant(0));
    const xlsx = test.sent.at(-1)?.notification.files[0];
    expect(xlsx?.name).toBe('Gender XLSX.xlsx');
    expect(xlsx?.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // An XLSX file is a ZIP archive.
    expect(xlsx?.data.subarray(0, 2).toString('latin1')).toBe('PK');

    const board = await setup.server.request('POST', '/api/v1/dashboard/', {
      token: setup.fx.alice,
      body: { dashboard_title: 'Board', position_json: JSON.stringify(layoutWith([setup.chartId])) },
    });
    expect(board.statusCode, board.body).toBe(201);
    const dashboardId = board.json<{ id: number }>().id;
    const pdfReport = await createReport(setup, {
      type: 'Report',
      name: 'Board PDF',
      dashboard: dashboardId,
      report_format: 'PDF',
      custom_width: 1200,
    });
    await run(pdfReport, instant(0));
    expect((await logsOf(setup, pdfReport))[0]?.state).toBe('Success');
    expect(test.rendered.at(-1)).toEqual({ kind: 'dashboardPdf', userId: aliceId, id: dashboardId });
    const pdf = test.sent.at(-1)?.notification;
    expect(pdf?.files[0]).toMatchObject({ name: 'Board PDF.pdf', contentType: 'application/pdf', data: PDF });
    expect(pdf?.path).toBe(`/superset/dashboard/${dashboardId}/`);
  });

  it('records a failed delivery as REPORT_NOTIFICATION_ERROR', async () => {
    const id = await createReport(setup, {
      type: 'Report',
      name: 'Undeliverable',
      chart: setup.chartId,
      report_format: 'CSV',
    });
    test.failWith.error = new Error('SMTP said 554');
    try {
      await run(id, instant(0));
    } finally {
      test.failWith.error = null;
    }
    expect((await logsOf(setup, id))[0]).toMatchObject({
      state: 'Error',
      error_message: 'REPORT_NOTIFICATION_ERROR: SMTP said 554',
    });
    expect((await findReport(setup.server.ctx.store.db, id))?.last_state).toBe('Error');
  });

  it('runs each of 20 instants once when two beats enqueue them all', async () => {
    const id = await createReport(setup, {
      type: 'Report',
      name: 'Twenty',
      chart: setup.chartId,
      report_format: 'CSV',
    });
    const jobs = new JobSystem(new InProcessDriver(() => undefined));
    registerReportJobs(setup.server.ctx, jobs, test.ports);
    jobs.serve();
    const from = new Date(LEAP_DAY);
    const to = new Date(LEAP_DAY + 95 * 60_000);
    const counts = await Promise.all([
      enqueueDueRuns(setup.server.ctx, jobs, from, to),
      enqueueDueRuns(setup.server.ctx, jobs, from, to),
    ]);
    // Both beats see this schedule's 20 instants (and the other schedules' instants of the window).
    expect(counts[0]).toBe(counts[1]);
    const ids = Array.from({ length: 20 }, (_, i) => reportRunJobId(id, instant(i * 5)));
    await waitFor('the queue to drain', async () => {
      const queued = await Promise.all(ids.map((jobId) => jobs.isQueued('report-run', jobId)));
      return queued.every((value) => !value);
    });
    await jobs.close();
    const logs = await logsOf(setup, id);
    expect(logs.map((log) => log.scheduled_dttm)).toEqual(
      Array.from({ length: 20 }, (_, i) => instant(i * 5)),
    );
    expect(logs.every((log) => log.state === 'Success')).toBe(true);
    const mine = test.sent.filter((delivery) => delivery.notification.reportId === id);
    expect(mine).toHaveLength(20);
    expect(new Set(mine.map((delivery) => delivery.notification.scheduledDttm)).size).toBe(20);
  });

  it('closes a run stuck Working past working_timeout, delivers the next instant, never resends', async () => {
    const db = setup.server.ctx.store.db;
    const id = await createReport(setup, {
      type: 'Report',
      name: 'Stuck',
      chart: setup.chartId,
      report_format: 'CSV',
    });
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
    // A worker claimed these instants and died (kill -9): one before sending, one while sending.
    const dead = await claimScheduledRun(db, {
      reportId: id,
      scheduledDttm: instant(0),
      uuid: 'dead-0',
      startDttm: twoHoursAgo,
    });
    const sending = await claimScheduledRun(db, {
      reportId: id,
      scheduledDttm: instant(5),
      uuid: 'dead-5',
      startDttm: twoHoursAgo,
    });
    expect(dead).not.toBeNull();
    expect(await markRunSending(db, sending ?? 0, RUN_MESSAGES.sending(twoHoursAgo))).toBe(true);
    const fresh = await claimScheduledRun(db, { reportId: id, scheduledDttm: instant(10), uuid: 'alive-10' });
    // The server's own beat sweeps every minute too; either sweep closes them, once.
    await sweepReports(db, new Date(), { lagSeconds: 10 });
    const before = test.sent.length;
    await run(id, instant(15));
    // Re-enqueued stuck instants are claimed already: nothing runs them again.
    await run(id, instant(0));
    await run(id, instant(5));
    const logs = await logsOf(setup, id);
    expect(logs.map((log) => [log.scheduled_dttm, log.state, log.error_message])).toEqual([
      [instant(0), 'Error', 'Report Schedule reached a working timeout.'],
      [instant(5), 'Error', SWEPT_AFTER_SENDING],
      [instant(10), 'Working', null],
      [instant(15), 'Success', null],
    ]);
    expect(test.sent.length).toBe(before + 1);
    expect(test.sent.at(-1)?.notification.scheduledDttm).toBe(instant(15));
    await finishRun(db, fresh ?? 0, { state: 'Error', errorMessage: 'test cleanup' });
  });

  it('aborts its own run at working_timeout: the renderer sees the abort, the run ends Error', async () => {
    const id = await createReport(setup, {
      type: 'Report',
      name: 'Slow PNG',
      chart: setup.chartId,
      report_format: 'PNG',
      working_timeout: 1,
    });
    test.hang.on = true;
    try {
      await run(id, instant(0));
    } finally {
      test.hang.on = false;
    }
    expect(test.hang.sawAbort).toBe(true);
    expect((await logsOf(setup, id))[0]).toMatchObject({
      state: 'Error',
      error_message: 'Report Schedule reached a working timeout.',
    });
  });

  it('prunes runs older than log_retention days', async () => {
    const db = setup.server.ctx.store.db;
    const id = await createReport(setup, {
      type: 'Report',
      name: 'Retained',
      chart: setup.chartId,
      report_format: 'CSV',
      log_retention: 30,
    });
    const day = 86_400_000;
    const old = new Date(Date.now() - 31 * day).toISOString();
    const recent = new Date(Date.now() - 29 * day).toISOString();
    for (const [scheduledDttm, uuid] of [
      [old, 'old-run'],
      [recent, 'recent-run'],
    ] as const) {
      const logId = await claimScheduledRun(db, {
        reportId: id,
        scheduledDttm,
        uuid,
        startDttm: scheduledDttm,
      });
      await finishRun(db, logId ?? 0, { state: 'Success', endDttm: scheduledDttm });
    }
    await sweepReports(db, new Date(), { lagSeconds: 10 });
    expect((await logsOf(setup, id)).map((log) => log.uuid)).toEqual(['recent-run']);
  });
});

describe('two beats and two workers on Redis', () => {
  const REDIS_URL = 'redis://127.0.0.1:6379/12';
  const RUN = `tessera-reports-${String(process.pid)}-${randomBytes(3).toString('hex')}`;
  let setup: Setup;

  beforeAll(async () => {
    setup = await setUp('postgres');
  });

  afterAll(async () => {
    await setup.server.close();
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${RUN}:*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });

  it('delivers each of 20 instants exactly once', async () => {
    const test = testPorts();
    const id = await createReport(setup, {
      type: 'Report',
      name: 'Twenty on Redis',
      chart: setup.chartId,
      report_format: 'CSV',
    });
    const system = () => new JobSystem(new BullmqDriver(REDIS_URL, () => undefined, { prefix: RUN }));
    const beats = [system(), system()];
    const workers = [system(), system()];
    for (const worker of workers) {
      registerReportJobs(setup.server.ctx, worker, test.ports);
      worker.serve();
    }
    try {
      const from = new Date(LEAP_DAY);
      const to = new Date(LEAP_DAY + 95 * 60_000);
      const [first, second] = beats;
      if (!first || !second) throw new Error('two beats expected');
      await Promise.all([
        enqueueDueRuns(setup.server.ctx, first, from, to),
        enqueueDueRuns(setup.server.ctx, second, from, to),
      ]);
      await waitFor(
        'every instant to end',
        async () => {
          const logs = await logsOf(setup, id);
          return logs.length === 20 && logs.every((log) => log.state !== 'Working');
        },
        120_000,
      );
      // A late beat enqueuing the same window again changes nothing.
      await enqueueDueRuns(setup.server.ctx, second, from, to);
      const ids = Array.from({ length: 20 }, (_, i) => reportRunJobId(id, instant(i * 5)));
      await waitFor('the queues to drain', async () => {
        const queued = await Promise.all(ids.map((jobId) => first.isQueued('report-run', jobId)));
        return queued.every((value) => !value);
      });
    } finally {
      for (const jobs of [...beats, ...workers]) await jobs.close();
    }
    const logs = await logsOf(setup, id);
    expect(logs.every((log) => log.state === 'Success')).toBe(true);
    const mine = test.sent.filter((delivery) => delivery.notification.reportId === id);
    expect(mine.map((delivery) => delivery.notification.scheduledDttm).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => instant(i * 5)),
    );
  });
});
