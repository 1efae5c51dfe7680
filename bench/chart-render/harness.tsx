/**
 * Runs in Chromium (built by bench/chart-render.ts): renders the real line-chart plugin with a
 * 20,000-point series and reports, per run, the time from handing over the query response to the frame
 * after ECharts drew it (transformProps + React commit + setOption + paint). The lazy chunk is loaded
 * before timing, as Explore has it loaded by the time data arrives.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { getChartPlugin, type ChartProps } from '@tessera/charts';

const POINTS = 20_000;
const RUNS = 7;

declare global {
  interface Window {
    benchResult?: { points: number; runsMs: number[] } | { error: string };
  }
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function chartProps(seed: number): ChartProps {
  const start = Date.UTC(2000, 0, 1);
  const data = Array.from({ length: POINTS }, (_, i) => ({
    ds: start + i * 3_600_000,
    'SUM(num)': Math.round(1000 + 300 * Math.sin((i + seed) / 200) + ((i * 7919) % 97)),
  }));
  return {
    formData: {
      datasource: '1__table',
      viz_type: 'echarts_timeseries_line',
      x_axis: 'ds',
      time_grain_sqla: 'PT1H',
      metrics: [{ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' } }],
      groupby: [],
      row_limit: 50_000,
      time_range: 'No filter',
    },
    queriesData: [{ colnames: ['ds', 'SUM(num)'], coltypes: [2, 0], data, rowcount: POINTS, label_map: {} }],
    width: 1200,
    height: 600,
    hooks: {},
    theme: 'light',
  };
}

async function main(): Promise<void> {
  const plugin = getChartPlugin('echarts_timeseries_line');
  const stage = document.getElementById('stage');
  if (!plugin || !stage) throw new Error('line plugin or stage missing');
  const Chart = (await plugin.loadChart()).default;
  const runsMs: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const host = document.createElement('div');
    host.style.width = '1200px';
    host.style.height = '600px';
    stage.replaceChildren(host);
    const root = createRoot(host);
    const props = chartProps(run);
    await nextFrame();
    const started = performance.now();
    const componentProps = plugin.transformProps(props);
    flushSync(() => root.render(<Chart {...componentProps} />));
    await nextFrame();
    await nextFrame();
    runsMs.push(performance.now() - started);
    if (!host.querySelector('canvas')) throw new Error('no canvas was drawn');
    root.unmount();
  }
  window.benchResult = { points: POINTS, runsMs };
}

main().catch((error: unknown) => {
  window.benchResult = { error: error instanceof Error ? error.message : String(error) };
});
