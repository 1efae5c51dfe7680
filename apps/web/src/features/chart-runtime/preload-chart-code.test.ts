import { getChartPlugin, registerChartPlugin, type ChartPlugin } from '@tessera/charts';
import { describe, expect, it } from 'vitest';
import { preloadChartCode } from './preload-chart-code';

/** The table plugin under another viz type, whose code loading the test counts (or makes fail). */
function countingPlugin(vizType: string, fails = false): { calls: () => number } {
  const table = getChartPlugin('table');
  if (table === undefined) throw new Error('the table plugin is not registered');
  let calls = 0;
  const plugin: ChartPlugin = {
    ...table,
    vizType,
    loadChart: () => {
      calls += 1;
      return fails ? Promise.reject(new Error('chunk download failed')) : table.loadChart();
    },
  };
  registerChartPlugin(plugin);
  return { calls: () => calls };
}

describe('preloadChartCode', () => {
  it('asks once for each chart type named, however many charts share it', () => {
    const line = countingPlugin('preload_test_line');
    const pie = countingPlugin('preload_test_pie');
    preloadChartCode(['preload_test_line', 'preload_test_pie', 'preload_test_line', 'preload_test_line']);
    expect(line.calls()).toBe(1);
    expect(pie.calls()).toBe(1);
  });

  it('skips types no plugin draws and swallows a failed download (the chart reports it when drawn)', async () => {
    const broken = countingPlugin('preload_test_broken', true);
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      expect(() => preloadChartCode(['no_such_viz_type', 'preload_test_broken'])).not.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(broken.calls()).toBe(1);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});
