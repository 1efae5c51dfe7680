/**
 * Global async queries (issue #15) with real processes: two web processes (A, B) and two `tessera
 * worker` on one Redis and one PostgreSQL metadata database (apps/server/test/report-cluster.ts).
 *
 * 200 chart-data requests posted at once to A, each a distinct query over a view that sleeps 2 s, run
 * as jobs by the two workers. Figures: time until every job's event arrived, error events (target 0),
 * GET /health p99 on A during the run against the same probe before it (ratio), and event delivery
 * latency (event id time → client) over B's WebSocket and over polling B every 500 ms.
 *
 * Each worker runs one user's queries `user_max_running_queries` (4) at a time, so 200 × 2 s of one
 * user over two workers is bounded by 8 at once (≈ 50 s), as the resource limits intend.
 * Run: npx tsx bench/async-queries.ts
 */
import { WebSocket } from 'ws';
import type { AsyncEvent } from '@tessera/contracts';
import { dataDatabase, dataQuery, startCluster, tableDataset } from '../apps/server/test/report-cluster';
import { median, percentile } from './bench-server';

const JOBS = 200;
const POLL_MS = 500;

const cluster = await startCluster({ featureFlags: { GLOBAL_ASYNC_QUERIES: true } });
try {
  const serverB = (await cluster.startServer()).baseUrl;
  await cluster.start('worker');
  await cluster.start('worker');
  await dataQuery(
    cluster,
    `CREATE TABLE one_row AS SELECT 1 AS x;
     CREATE VIEW two_seconds AS SELECT x FROM one_row WHERE pg_sleep(2) IS NOT NULL;`,
  );
  const database = await dataDatabase(cluster, 'bench data');
  const dataset = await tableDataset(cluster, database, 'two_seconds');
  const auth = { authorization: `Bearer ${cluster.token}` };
  const me = await fetch(`${cluster.baseUrl}/api/v1/me/`, { headers: auth });
  const cookie =
    me.headers
      .getSetCookie()
      .find((line) => line.startsWith('async-token='))
      ?.split(';', 1)[0] ?? '';
  const headers = { ...auth, cookie };

  // /health latency on A, sampled every 50 ms.
  const probe = (into: number[], until: () => boolean): Promise<void> =>
    (async () => {
      while (!until()) {
        const started = performance.now();
        await fetch(`${cluster.baseUrl}/health`).then((response) => response.text());
        into.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
  const idle: number[] = [];
  const idleEnd = Date.now() + 5000;
  await probe(idle, () => Date.now() > idleEnd);

  const wsAt = new Map<string, number>();
  const pollAt = new Map<string, number>();
  const latencyWs: number[] = [];
  const latencyPoll: number[] = [];
  const events = new Map<string, AsyncEvent>();
  const idTime = (event: AsyncEvent): number => Number(event.id.split('-')[0]);

  const socket = new WebSocket(`${serverB.replace('http', 'ws')}/ws`, { headers: { cookie } });
  socket.on('message', (data: Buffer) => {
    const event = JSON.parse(data.toString('utf8')) as AsyncEvent;
    if (wsAt.has(event.job_id)) return;
    wsAt.set(event.job_id, Date.now());
    latencyWs.push(Date.now() - idTime(event));
    events.set(event.job_id, event);
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });

  const run = { done: false };
  const busy: number[] = [];
  const health = probe(busy, () => run.done);
  let lastId: string | null = null;
  // The polling client starts from the channel's current end, as a page that has just loaded.
  const first = (await (await fetch(`${serverB}/api/v1/async_event/`, { headers })).json()) as {
    result: AsyncEvent[];
  };
  lastId = first.result.at(-1)?.id ?? null;
  const polling = (async () => {
    while (!run.done) {
      const url = `${serverB}/api/v1/async_event/${lastId === null ? '' : `?last_id=${lastId}`}`;
      const read = (await (await fetch(url, { headers })).json()) as { result: AsyncEvent[] };
      for (const event of read.result) {
        lastId = event.id;
        pollAt.set(event.job_id, Date.now());
        latencyPoll.push(Date.now() - idTime(event));
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();

  const started = Date.now();
  const jobIds = await Promise.all(
    Array.from({ length: JOBS }, async (_, index) => {
      const response = await fetch(`${cluster.baseUrl}/api/v1/chart/data`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          datasource: { id: dataset, type: 'table' },
          queries: [{ columns: ['x'], metrics: ['count'], row_limit: index + 1 }],
          result_format: 'json',
          result_type: 'full',
        }),
      });
      if (response.status !== 202)
        throw new Error(`job ${String(index)}: ${String(response.status)} ${await response.text()}`);
      return ((await response.json()) as { job_id: string }).job_id;
    }),
  );
  const submitted = Date.now() - started;
  while (!jobIds.every((id) => wsAt.has(id) && pollAt.has(id)))
    await new Promise((resolve) => setTimeout(resolve, 100));
  const lastEvent = Math.max(...jobIds.map((id) => wsAt.get(id) ?? 0));
  run.done = true;
  await Promise.all([health, polling]);
  socket.close();
  const errors = jobIds.filter((id) => events.get(id)?.status !== 'done').length;

  const fmt = (value: number) => `${value.toFixed(0)} ms`;
  console.log(`jobs: ${String(JOBS)} × 2 s over 2 workers (posted in ${fmt(submitted)})`);
  console.log(`all events in: ${fmt(lastEvent - started)} (ideal at 8 at once: ${fmt((JOBS / 8) * 2000)})`);
  console.log(`error events: ${String(errors)}`);
  const idle99 = percentile(idle, 99);
  const busy99 = percentile(busy, 99);
  console.log(
    `/health p99: ${busy99.toFixed(1)} ms during vs ${idle99.toFixed(1)} ms before (ratio ${(busy99 / idle99).toFixed(2)})`,
  );
  console.log(
    `event latency WebSocket: median ${fmt(median(latencyWs))}, p95 ${fmt(percentile(latencyWs, 95))}; polling (${String(POLL_MS)} ms): median ${fmt(median(latencyPoll))}, p95 ${fmt(percentile(latencyPoll, 95))} (ratio ${(median(latencyPoll) / Math.max(1, median(latencyWs))).toFixed(1)})`,
  );
} finally {
  await cluster.stop();
}
