import {
  DASHBOARD_GRID_ID,
  DASHBOARD_ROOT_ID,
  GRID_COLUMN_COUNT,
  GRID_DEFAULT_CHART_WIDTH,
  type DashboardLayout,
  type LayoutComponent,
} from '@tessera/contracts';
import { createComponent, type NewChartInfo } from './new-component';
import { refreshParents, withChildren } from './tree';

/** Where charts missing from the layout go: the grid, or the first top-level tab when tabs replaced it. */
function firstContainer(layout: DashboardLayout): LayoutComponent | undefined {
  const root = layout[DASHBOARD_ROOT_ID];
  const top = layout[root?.children[0] ?? ''];
  if (top?.type === 'TABS') return layout[top.children[0] ?? ''];
  return top?.type === 'GRID' ? top : layout[DASHBOARD_GRID_ID];
}

/**
 * Charts that belong to the dashboard but that `position_json` does not place (an older save, an import,
 * a link made outside the editor) are appended at the bottom of the first container, in new rows filled
 * left to right at the default chart width, so none is lost (as Superset does when it opens one).
 * Returns the same layout when there is nothing to add.
 */
export function appendCharts(layout: DashboardLayout, charts: readonly NewChartInfo[]): DashboardLayout {
  const container = firstContainer(layout);
  if (charts.length === 0 || container === undefined) return layout;
  const working: DashboardLayout = { ...layout };
  const rows: string[] = [];
  let row: LayoutComponent | undefined;
  let used = 0;
  for (const chart of charts) {
    if (row === undefined || used + GRID_DEFAULT_CHART_WIDTH > GRID_COLUMN_COUNT) {
      row = createComponent('ROW').component;
      rows.push(row.id);
      used = 0;
    }
    const component = createComponent('CHART', chart).component;
    working[component.id] = component;
    row = withChildren(row, [...row.children, component.id]);
    working[row.id] = row;
    used += GRID_DEFAULT_CHART_WIDTH;
  }
  working[container.id] = withChildren(container, [...container.children, ...rows]);
  return refreshParents(working);
}
