import { DASHBOARD_ROOT_ID, type DashboardLayout } from '@tessera/contracts';

export interface ScopeTreeNode {
  key: string;
  title: string;
  /** Set on chart leaves. */
  chartId?: number;
  children?: ScopeTreeNode[];
}

export const CHART_KEY_PREFIX = 'chart-';

function metaText(meta: Record<string, unknown> | undefined, field: string): string | null {
  const value = meta?.[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The layout as a tree of tabs and charts for the scoping editor (rows, columns and the grid are
 * flattened away). Chart leaves are keyed `chart-<id>`, tabs by their layout id.
 */
export function scopeTree(layout: DashboardLayout, chartName: (id: number) => string): ScopeTreeNode[] {
  const visit = (id: string): ScopeTreeNode[] => {
    const component = layout[id];
    if (component === undefined) return [];
    if (component.type === 'CHART') {
      const chartId = component.meta?.chartId;
      if (typeof chartId !== 'number') return [];
      const title = metaText(component.meta, 'sliceNameOverride') ?? chartName(chartId);
      return [{ key: `${CHART_KEY_PREFIX}${String(chartId)}`, title, chartId }];
    }
    const children = component.children.flatMap(visit);
    if (component.type === 'TAB') {
      const title = metaText(component.meta, 'text') ?? metaText(component.meta, 'defaultText') ?? 'Tab';
      return children.length === 0 ? [] : [{ key: component.id, title, children }];
    }
    return children;
  };
  return visit(DASHBOARD_ROOT_ID);
}

export function treeChartIds(nodes: readonly ScopeTreeNode[]): number[] {
  return nodes.flatMap((node) => [
    ...(node.chartId === undefined ? [] : [node.chartId]),
    ...treeChartIds(node.children ?? []),
  ]);
}

/** Tabs with at least one chart in scope (computed `tabsInScope`). */
export function tabsInScope(nodes: readonly ScopeTreeNode[], inScope: ReadonlySet<number>): string[] {
  const tabs: string[] = [];
  for (const node of nodes) {
    if (node.children === undefined) continue;
    if (treeChartIds(node.children).some((id) => inScope.has(id))) tabs.push(node.key);
    tabs.push(...tabsInScope(node.children, inScope));
  }
  return tabs;
}
