/**
 * Post-processing benchmark: the operations of @tessera/core over 20,000 and 100,000 rows, each beside a
 * hand-written single-purpose loop computing the same result in the same run (the baseline), printing the
 * median time of several runs and the ratio. No I/O; run: npx tsx bench/post-processing.ts
 */
import { loadavg } from 'node:os';
import { applyPostProcessing, createFrame, pivot, rolling, type Frame, type Row } from '@tessera/core';

const DAY = 86_400_000;
const SERIES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
const RUNS = 21;

/** `rows` rows: one per (day, series), as a grouped SQL query returns them. */
function makeFrame(rows: number): Frame {
  const data: Row[] = [];
  for (let i = 0; i < rows; i += 1) {
    data.push({
      ds: Date.UTC(2000, 0, 1) + Math.floor(i / SERIES.length) * DAY,
      series: SERIES[i % SERIES.length],
      'SUM(num)': (i * 7919) % 1000,
    });
  }
  return createFrame(['ds', 'series', 'SUM(num)'], data, { temporal: ['ds'] });
}

const timed = (run: () => unknown): number => {
  const started = performance.now();
  run();
  return performance.now() - started;
};
const median = (times: number[]): number =>
  [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN;

/** Alternates the two so that a busy machine slows both alike; medians of RUNS each. */
function compareRuns(run: () => unknown, baseline: () => unknown): [number, number] {
  const runs: number[] = [];
  const baselines: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    runs.push(timed(run));
    baselines.push(timed(baseline));
  }
  return [median(runs), median(baselines)];
}

function baselinePivot(frame: Frame): Row[] {
  const byDay = new Map<unknown, Row>();
  for (const row of frame.rows) {
    let out = byDay.get(row.ds);
    if (!out) {
      out = { ds: row.ds };
      byDay.set(row.ds, out);
    }
    out[`SUM(num), ${String(row.series)}`] = row['SUM(num)'];
  }
  return [...byDay.values()];
}

function baselineRolling(frame: Frame, window: number): Row[] {
  let total = 0;
  const values = frame.rows.map((row) => Number(row['SUM(num)']));
  return frame.rows.map((row, i) => {
    total += values[i] ?? 0;
    if (i >= window) total -= values[i - window] ?? 0;
    return { ...row, 'SUM(num)': i >= window - 1 ? total / window : null };
  });
}

const pivotOptions = {
  index: ['ds'],
  columns: ['series'],
  aggregates: { 'SUM(num)': { operator: 'mean' } },
  drop_missing_columns: false,
};

console.log(
  `load average ${loadavg()[0]?.toFixed(1) ?? '?'} (figures are only comparable on a quiet machine)`,
);
for (const size of [20_000, 100_000]) {
  const frame = makeFrame(size);
  const cases: [string, () => unknown, () => unknown][] = [
    ['pivot', () => pivot(frame, pivotOptions), () => baselinePivot(frame)],
    [
      'rolling mean (window 7)',
      () => rolling(frame, { rolling_type: 'mean', window: 7, columns: { 'SUM(num)': 'SUM(num)' } }),
      () => baselineRolling(frame, 7),
    ],
    [
      'timeseries pipeline (pivot, cum, resample, rename, flatten)',
      () =>
        applyPostProcessing(frame, [
          { operation: 'pivot', options: pivotOptions },
          { operation: 'cum', options: { operator: 'sum', columns: { 'SUM(num)': 'SUM(num)' } } },
          { operation: 'resample', options: { method: 'asfreq', rule: '1D', fill_value: 0 } },
          { operation: 'rename', options: { columns: { 'SUM(num)': null }, level: 0, inplace: true } },
          { operation: 'flatten' },
        ]),
      () => baselinePivot(frame),
    ],
  ];
  for (const [name, run, baseline] of cases) {
    // Warm up both so the JIT has compiled them before timing.
    for (let i = 0; i < 3; i += 1) {
      run();
      baseline();
    }
    const [ms, base] = compareRuns(run, baseline);
    console.log(
      `${String(size).padStart(7)} rows  ${name.padEnd(60)} ${ms.toFixed(2).padStart(8)} ms   baseline ${base
        .toFixed(2)
        .padStart(7)} ms   ratio ${(ms / base).toFixed(2)}`,
    );
  }
}
