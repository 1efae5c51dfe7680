import { getBuildQuery } from './build-query-registry';
import type { ChartPlugin } from './plugin-api';

/**
 * One registry of chart plugins keyed by Superset's viz_type. The built-in plugins register themselves
 * through `plugins/index.ts`; apps may add their own with `registerChartPlugin`.
 */

const plugins = new Map<string, ChartPlugin>();

/** A plugin as written: its buildQuery may be left to the build-query registry. */
export type ChartPluginDefinition<Props extends object> = Omit<ChartPlugin<Props>, 'buildQuery'> &
  Partial<Pick<ChartPlugin<Props>, 'buildQuery'>>;

/**
 * Erases a plugin's props type so plugins of different props fit one registry; the pairing of
 * transformProps and component inside one plugin keeps them consistent. A plugin without its own
 * buildQuery takes its viz type's from `build-query-registry.ts`, the one map the server shares.
 */
export function defineChartPlugin<Props extends object>(plugin: ChartPluginDefinition<Props>): ChartPlugin {
  const buildQuery = plugin.buildQuery ?? getBuildQuery(plugin.vizType);
  if (buildQuery === undefined) throw new Error(`No buildQuery for viz type ${plugin.vizType}`);
  return { ...plugin, buildQuery } as unknown as ChartPlugin;
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
