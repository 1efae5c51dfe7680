import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHART_MODULES } from '../chart-modules';
import { listChartPlugins } from '../registry';
import './index';

const source = path.resolve(import.meta.dirname, '..');

describe('CHART_MODULES', () => {
  // The server preloads a dashboard's chart code by these names; a wrong one would preload the wrong chunk.
  it.each(listChartPlugins().map((plugin) => [plugin.vizType, plugin] as const))(
    '%s names the very module its loadChart imports',
    async (vizType, plugin) => {
      const file = CHART_MODULES[vizType];
      expect(file).toBeDefined();
      const named: unknown = await import(pathToFileURL(path.join(source, file ?? '')).href);
      expect(named).toBe(await plugin.loadChart());
    },
  );

  it('names no viz type that has no plugin', () => {
    const registered = new Set(listChartPlugins().map((plugin) => plugin.vizType));
    expect(Object.keys(CHART_MODULES).filter((vizType) => !registered.has(vizType))).toEqual([]);
  });
});
