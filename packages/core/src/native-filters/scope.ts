import type { DashboardJsonMetadata, NativeFilter } from '@tessera/contracts';

/**
 * Whether a native filter narrows a chart: its computed `chartsInScope` when the configuration holds it,
 * else every chart but the `scope.excluded` ones (a scope rooted at the dashboard root).
 */
export function chartInFilterScope(
  filter: Pick<NativeFilter, 'scope' | 'chartsInScope'>,
  chartId: number,
): boolean {
  if (filter.chartsInScope) return filter.chartsInScope.includes(chartId);
  return !filter.scope.excluded.includes(chartId);
}

type ScopeSetting = { rootPath: string[]; excluded: number[] } | 'global';

/**
 * Whether the cross-filter emitted by chart `emitterId` narrows chart `chartId` (spec 001 §3 chart
 * configuration): the emitter's own `chart_configuration` entry unless it says 'global' or is missing,
 * then `global_chart_configuration`; with neither, every other chart. A chart never filters itself.
 */
export function chartInCrossFilterScope(
  emitterId: number,
  chartId: number,
  chartConfiguration: DashboardJsonMetadata['chart_configuration'] | undefined,
  globalChartConfiguration: DashboardJsonMetadata['global_chart_configuration'] | undefined,
): boolean {
  if (emitterId === chartId) return false;
  const own = chartConfiguration?.[String(emitterId)]?.crossFilters;
  const ownScope: ScopeSetting | undefined = own?.scope;
  if (own && ownScope !== undefined && ownScope !== 'global') {
    if (own.chartsInScope) return own.chartsInScope.includes(chartId);
    return !ownScope.excluded.includes(chartId);
  }
  if (!globalChartConfiguration) return true;
  if (globalChartConfiguration.chartsInScope) return globalChartConfiguration.chartsInScope.includes(chartId);
  return !globalChartConfiguration.scope.excluded.includes(chartId);
}

/** The part of a layout component scope computation reads (reference §8.3). */
interface LayoutNode {
  type?: unknown;
  children?: unknown;
  meta?: unknown;
}

const childrenOf = (node: LayoutNode | undefined): string[] =>
  Array.isArray(node?.children) ? node.children.filter((c): c is string => typeof c === 'string') : [];

const chartIdOf = (node: LayoutNode | undefined): number | undefined => {
  if (node?.type !== 'CHART' || typeof node.meta !== 'object' || node.meta === null) return undefined;
  const chartId: unknown = (node.meta as { chartId?: unknown }).chartId;
  return typeof chartId === 'number' ? chartId : undefined;
};

/**
 * `chartsInScope` and `tabsInScope` of a scope over a layout (`position_json`): the charts under any
 * component of `rootPath` but the excluded ones, and the tabs under those roots that hold one of them.
 * A root missing from the layout contributes nothing.
 */
export function computeScope(
  layout: Readonly<Record<string, unknown>>,
  scope: { rootPath: readonly string[]; excluded: readonly number[] },
): { chartsInScope: number[]; tabsInScope: string[] } {
  const node = (id: string): LayoutNode | undefined => {
    const value = layout[id];
    return typeof value === 'object' && value !== null ? value : undefined;
  };
  const excluded = new Set(scope.excluded);
  const charts = new Set<number>();
  const tabs = new Set<string>();
  const visited = new Set<string>();
  const walk = (id: string): boolean => {
    if (visited.has(id)) return false;
    visited.add(id);
    const current = node(id);
    const chartId = chartIdOf(current);
    let holds = false;
    if (chartId !== undefined && !excluded.has(chartId)) {
      charts.add(chartId);
      holds = true;
    }
    for (const child of childrenOf(current)) holds = walk(child) || holds;
    if (holds && current?.type === 'TAB') tabs.add(id);
    return holds;
  };
  for (const root of scope.rootPath) walk(root);
  return { chartsInScope: [...charts].sort((a, b) => a - b), tabsInScope: [...tabs] };
}
