import type { ChartPlugin } from './plugin-api';

/**
 * One registry of chart plugins keyed by Superset's viz_type. The built-in plugins register themselves
 * through `plugins/index.ts`; apps may add their own with `registerChartPlugin`.
 */

const plugins = new Map<string, ChartPlugin>();

/**
 * Erases a plugin's props type so plugins of different props fit one registry; the pairing of
 * transformProps and component inside one plugin keeps them consistent.
 */
export function defineChartPlugin<Props extends object>(plugin: ChartPlugin<Props>): ChartPlugin {
  return plugin as unknown as ChartPlugin;
}

export function registerChartPlugin(plugin: ChartPlugin): void {
  plugins.set(plugin.vizType, plugin);
}

export function getChartPlugin(vizType: string): ChartPlugin | undefined {
  return plugins.get(vizType);
}

export function listChartPlugins(): ChartPlugin[] {
  return [...plugins.values()];
}
