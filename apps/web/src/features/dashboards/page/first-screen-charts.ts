import {
  DASHBOARD_ROOT_ID,
  GRID_BASE_UNIT,
  GRID_DEFAULT_CHART_HEIGHT,
  chartMetaSchema,
  type DashboardLayout,
  type LayoutComponent,
} from '@tessera/contracts';
import { metaHeight } from '../grid/widths';

/** Pixels a component takes in its row, or null for one whose height the layout alone does not tell. */
function heightOf(layout: DashboardLayout, component: LayoutComponent): number | null {
  switch (component.type) {
    case 'CHART':
    case 'MARKDOWN':
      return metaHeight(component.meta, GRID_DEFAULT_CHART_HEIGHT) * GRID_BASE_UNIT;
    case 'COLUMN': {
      let sum = 0;
      for (const id of component.children) {
        const child = layout[id];
        const height = child === undefined ? null : heightOf(layout, child);
        if (height === null) return null;
        sum += height;
      }
      return sum;
    }
    // Counted as nothing: the page is only ever lower than this estimate, never higher.
    case 'HEADER':
    case 'DIVIDER':
      return 0;
    default:
      return null;
  }
}

function chartsIn(layout: DashboardLayout, component: LayoutComponent): number[] {
  if (component.type === 'CHART') {
    const meta = chartMetaSchema.safeParse(component.meta);
    return meta.success ? [meta.data.chartId] : [];
  }
  if (component.type !== 'COLUMN' && component.type !== 'ROW') return [];
  return component.children.flatMap((id) => {
    const child = layout[id];
    return child === undefined ? [] : chartsIn(layout, child);
  });
}

/**
 * The charts a dashboard opened on its default tabs (each TABS on its first tab) places in its first
 * `height` pixels, top to bottom. Heights come from the layout alone and leave out the page's headers,
 * tab bars and filter bar, so every chart listed is on the first screen or within one more screen
 * below it, where its holder asks for data as soon as it mounts (use-near-viewport). The walk stops at
 * the first component whose height it cannot tell.
 */
export function firstScreenChartIds(layout: DashboardLayout, height: number): number[] {
  const ids: number[] = [];
  let top = 0;
  let done = false;
  const visit = (containerId: string): void => {
    const container = layout[containerId];
    if (container === undefined) return;
    for (const id of container.children) {
      if (done || top >= height) {
        done = true;
        return;
      }
      const component = layout[id];
      if (component === undefined) continue;
      if (component.type === 'GRID') visit(id);
      else if (component.type === 'TABS') {
        const firstTab = component.children[0];
        if (firstTab !== undefined) visit(firstTab);
      } else if (component.type === 'ROW') {
        const heights = component.children.map((childId) => {
          const child = layout[childId];
          return child === undefined ? 0 : heightOf(layout, child);
        });
        ids.push(...chartsIn(layout, component));
        if (heights.includes(null)) done = true;
        else top += Math.max(0, ...heights.map((h) => h ?? 0));
      } else {
        const own = heightOf(layout, component);
        ids.push(...chartsIn(layout, component));
        if (own === null) done = true;
        else top += own;
      }
    }
  };
  visit(DASHBOARD_ROOT_ID);
  return ids;
}
