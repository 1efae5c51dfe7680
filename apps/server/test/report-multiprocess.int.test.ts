import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_MESSAGES } from '../src/modules/reports/report-executor';
import { parseMime } from '../src/modules/reports/delivery/test-utils/mime';
import {
  barChart,
  chromiumChildrenOf,
  dataDatabase,
  dataQuery,
  startCluster,
  tableDataset,
  type Cluster,
  type ClusterProcess,
} from './report-cluster';
import { waitFor } from './sqllab-support';
import { ensureWebBuild } from './web-build';

/**
 * Issue #14 acceptance with real processes: two `tessera beat` and two `tessera worker` next to a web
 * process, on Redis (a queue prefix of this run) and a PostgreSQL metadata database of this run, mail to a
 * real SMTP server. Each scheduled instant arrives once and has one log row; a worker killed with
 * SIGKILL mid-render leaves its run to the sweep (Error after working_timeout) and the next instant is
 * delivered by the other worker.
 *
 * Cadence: the API takes five-field cron (minute resolution), which would make 20 instants take 20
 * minutes. The beat and the executor read whatever croner reads, seconds included, so each schedule is
 * created through the API and its stored crontab then set to a seconds pattern inside one chosen minute.
 * Everything the processes do is what they do in production; only the cadence is compressed.
 */

const MINUTE = 60_000;
let cluster: Cluster;
let workers: ClusterProcess[] = [];
let fastChart = 0;
let slowChart = 0;

interface LogRow {
  scheduled_dttm: string;
  state: string;
  error_message: string | null;
}

async function logRows(reportId: number): Promise<LogRow[]> {
  const result = await cluster.metadata.query<LogRow>(
    'SELECT scheduled_dttm, state, error_message FROM report_execution_log WHERE report_schedule_id = $1 ORDER BY scheduled_dttm',
    [reportId],
  );
  return result.rows;
}

/** The mails of one report: its scheduled instant from the X-Tessera-Scheduled-Dttm header. */
function mailsOf(reportId: number): string[] {
  return cluster.sink.received
    .map((mail) => parseMime(mail.raw).headers)
    .filter((headers) => headers.get('x-tessera-report-id') === String(reportId))
    .map((headers) => headers.get('x-tessera-scheduled-dttm') ?? '');
}

/** A minute starting at least `leadMs` from now, so every beat has armed its window before it. */
function nextMinute(leadMs: number): Date {
  return new Date(Math.ceil((Date.now() + leadMs) / MINUTE) * MINUTE);
}

async function schedule(body: Record<string, unknown>, crontab: string): Promise<number> {
  const { id } = await cluster.api<{ id: number }>('POST', '/api/v1/report/', {
    type: 'Report',
    crontab: '0 0 1 1 *',
    timezone: 'UTC',
    recipients: [{ type: 'Email', recipient_config_json: { target: 'team@example.com' } }],
    ...body,
  });
  await cluster.metadata.query('UPDATE report_schedule SET crontab = $1 WHERE id = $2', [crontab, id]);
  return id;
}

const until = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

beforeAll(async () => {
  ensureWebBuild();
  cluster = await startCluster({ constants: { ALERT_REPORTS_WORKING_TIME_OUT_LAG: 2 } });
  await dataQuery(
    cluster,
    `CREATE TABLE t (x int); INSERT INTO t SELECT g FROM generate_series(1, 5) g;
     CREATE FUNCTION slow_rows(seconds float) RETURNS SETOF int LANGUAGE sql AS
       $$ SELECT pg_sleep(seconds); SELECT x FROM t $$;
     CREATE VIEW slow_t AS SELECT r AS y FROM slow_rows(8) r;`,
  );
  const databaseId = await dataDatabase(cluster, 'mp data');
  fastChart = await barChart(cluster, await tableDataset(cluster, databaseId, 't'), 'Fast x', 'x');
  slowChart = await barChart(cluster, await tableDataset(cluster, databaseId, 'slow_t'), 'Slow y', 'y');
  // Each process loads the server's sources through tsx: tens of seconds on a busy 2-core machine.
  const started = await Promise.all([
    cluster.start('beat'),
    cluster.start('beat'),
    cluster.start('worker'),
    cluster.start('worker'),
  ]);
  workers = started.filter((proc) => proc.role === 'worker');
}, 10 * MINUTE);

afterAll(async () => {
  await cluster.stop();
}, 2 * MINUTE);

describe('two beats and two workers as separate processes', () => {
  it(
    'deliver each of 20 scheduled instants exactly once, with one log row each',
    async () => {
      const minute = nextMinute(15_000);
      const reportId = await schedule(
        { name: 'Every three seconds', chart: fastChart, report_format: 'TEXT' },
        `*/3 ${String(minute.getUTCMinutes())} ${String(minute.getUTCHours())} * * *`,
      );
      const expected = Array.from({ length: 20 }, (_, i) =>
        new Date(minute.getTime() + i * 3000).toISOString(),
      );
      await waitFor('20 mails', () => Promise.resolve(mailsOf(reportId).length >= 20), 5 * MINUTE, 500);
      // Past the next window too: a duplicate would have been enqueued and delivered by now.
      await until(minute.getTime() + MINUTE + 15_000);
      expect(mailsOf(reportId).sort()).toEqual(expected);
      const rows = await logRows(reportId);
      expect(rows.map((row) => row.scheduled_dttm)).toEqual(expected);
      expect(rows.map((row) => row.state)).toEqual(expected.map(() => 'Success'));
    },
    10 * MINUTE,
  );

  it(
    'a worker killed mid-render: that run ends Error after working_timeout, the next instant arrives',
    async () => {
      const minute = nextMinute(15_000);
      const reportId = await schedule(
        {
          name: 'Slow chart',
          chart: slowChart,
          report_format: 'PNG',
          working_timeout: 60,
        },
        `*/20 ${String(minute.getUTCMinutes())} ${String(minute.getUTCHours())} * * *`,
      );
      const [first, second, third] = [0, 20, 40].map((s) =>
        new Date(minute.getTime() + s * 1000).toISOString(),
      );
      // Mid-render: the run is Working and its worker has launched Chromium, whose chart query sleeps.
      const victim = await waitFor(
        'the first instant rendering on a worker',
        async () => {
          const [row] = await logRows(reportId);
          if (row === undefined || row.scheduled_dttm !== first || row.state !== 'Working') return null;
          return workers.find((worker) => chromiumChildrenOf(worker.pid).length > 0) ?? null;
        },
        3 * MINUTE,
        100,
      );
      const orphans = chromiumChildrenOf(victim.pid);
      const exited = new Promise((resolve) => victim.child.once('exit', resolve));
      victim.child.kill('SIGKILL');
      await exited;
      // Chromium follows its parent when the pipe closes; these are this test's own processes.
      for (const pid of orphans) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
      const survivor = workers.find((worker) => worker !== victim);
      expect(survivor?.child.exitCode).toBeNull();

      await waitFor(
        'the killed run swept and the later instants delivered',
        async () => {
          const rows = await logRows(reportId);
          return rows.length === 3 && rows.every((row) => row.state !== 'Working');
        },
        6 * MINUTE,
        1000,
      );
      const rows = await logRows(reportId);
      expect(rows.map((row) => [row.scheduled_dttm, row.state])).toEqual([
        [first, 'Error'],
        [second, 'Success'],
        [third, 'Success'],
      ]);
      expect(rows[0]?.error_message).toBe(RUN_MESSAGES.workingTimeout);
      await until(minute.getTime() + MINUTE + 15_000);
      expect(mailsOf(reportId).sort()).toEqual([second, third]);
    },
    15 * MINUTE,
  );
});
