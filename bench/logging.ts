/**
 * Event logging under load (issue #15): 10,000 events posted to /superset/log/ as the browser's beacons
 * send them (multipart form, `events` as JSON text, batches of up to 1,024) while clients keep calling
 * /health. The /health latencies and rate while the events are posted and written are compared with the
 * same clients' figures just before, in the same run; the target is no slowdown beyond 10 %.
 *
 *   npx tsx bench/logging.ts
 */
import { Worker } from 'node:worker_threads';
import { json, median, percentile, startBenchServer } from './bench-server';

const EVENTS = 10_000;
const BATCH = 1_024;
const HEALTH_CLIENTS = 8;
const BASELINE_MS = 4_000;

interface Sample {
  startedAt: number;
  ms: number;
}

/**
 * /health from `clients` loops in a worker thread of its own, so building and sending the beacons in this
 * thread never delays the clients' own measurements. Answers every request's start time and latency
 * (on the shared `performance.timeOrigin` clock) once `stop` is called.
 */
function healthLoad(base: string, clients: number): { stop: () => Promise<Sample[]> } {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    let running = true;
    const samples = [];
    parentPort.on('message', () => { running = false; });
    const loop = async () => {
      while (running) {
        const startedAt = performance.timeOrigin + performance.now();
        const response = await fetch(workerData.base + '/health');
        await response.arrayBuffer();
        if (!response.ok) throw new Error('/health answered ' + response.status);
        samples.push({ startedAt, ms: performance.timeOrigin + performance.now() - startedAt });
      }
    };
    Promise.all(Array.from({ length: workerData.clients }, loop)).then(() => parentPort.postMessage(samples));
  `;
  const worker = new Worker(source, { eval: true, workerData: { base, clients } });
  const done = new Promise<Sample[]>((resolve, reject) => {
    worker.once('message', (samples: Sample[]) => resolve(samples));
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const samples = await done;
      await worker.terminate();
      return samples;
    },
  };
}

const now = () => performance.timeOrigin + performance.now();

function summary(samples: readonly Sample[], from: number, to: number) {
  const inWindow = samples.filter((s) => s.startedAt >= from && s.startedAt < to).map((s) => s.ms);
  return {
    count: inWindow.length,
    perSecond: inWindow.length / ((to - from) / 1000),
    p50: median(inWindow),
    p99: percentile(inWindow, 99),
  };
}

function beaconEvents(offset: number, count: number): unknown[] {
  return Array.from({ length: count }, (_, i) => ({
    source: 'dashboard',
    source_id: 1,
    impression_id: 'bench-impression',
    version: 'v2',
    ts: Date.now(),
    event_name: 'load_chart',
    event_type: 'timing',
    event_id: `bench-${offset + i}`,
    trigger_event: 'bench-trigger',
    visibility: 'visible',
    target_id: `CHART-${i % 50}`,
    duration: 120 + (i % 400),
  }));
}

async function main() {
  const server = await startBenchServer({
    port: Number(process.env.BENCH_PORT ?? 18398),
    name: 'logging',
    constants: {},
    startTimeoutMs: 120_000,
  });
  try {
    const token = await server.login();
    const logCount = async () =>
      (await json<{ count: number }>(await server.api('/api/v1/log/?q=(page_size:1)', token))).count;
    const before = await logCount();

    const t0 = now();
    const load = healthLoad(server.base, HEALTH_CLIENTS);
    await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));

    // Posting starts now; the loaded window lasts until every event is a row in the metadata store.
    const postStart = now();
    const postTimes: number[] = [];
    for (let sent = 0; sent < EVENTS; sent += BATCH) {
      const form = new FormData();
      form.set('events', JSON.stringify(beaconEvents(sent, Math.min(BATCH, EVENTS - sent))));
      const started = performance.now();
      const response = await fetch(`${server.base}/superset/log/?explode=events&dashboard_id=1`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      await json(response);
      postTimes.push(performance.now() - started);
    }
    const postedAt = now();
    // Action logging adds a row per API call too, so at least EVENTS more rows must be there.
    while ((await logCount()) - before < EVENTS) await new Promise((resolve) => setTimeout(resolve, 50));
    const writtenAt = now();
    const samples = await load.stop();

    const baseline = summary(samples, t0 + 500, postStart);
    const loaded = summary(samples, postStart, writtenAt);
    const fmt = (n: number) => n.toFixed(2);
    console.log(`events: ${EVENTS} in ${postTimes.length} beacon posts of up to ${BATCH}`);
    console.log(
      `posts: ${fmt(postedAt - postStart)} ms in all, median ${fmt(median(postTimes))} ms; ` +
        `all rows stored ${fmt(writtenAt - postStart)} ms after the first post`,
    );
    console.log(
      `/health alone:       ${baseline.count} answers, ${baseline.perSecond.toFixed(0)} req/s, ` +
        `p50 ${fmt(baseline.p50)} ms, p99 ${fmt(baseline.p99)} ms`,
    );
    console.log(
      `/health while posting: ${loaded.count} answers, ${loaded.perSecond.toFixed(0)} req/s, ` +
        `p50 ${fmt(loaded.p50)} ms, p99 ${fmt(loaded.p99)} ms`,
    );
    const rateRatio = loaded.perSecond / baseline.perSecond;
    const p50Ratio = loaded.p50 / baseline.p50;
    console.log(
      `rate ratio ${fmt(rateRatio)} (target ≥ 0.90), p50 ratio ${fmt(p50Ratio)} (target ≤ 1.10): ` +
        (rateRatio >= 0.9 && p50Ratio <= 1.1 ? 'PASS' : 'MISS'),
    );
  } finally {
    await server.stop();
  }
}

await main();
