import {
  DASHBOARD_GRID_ID,
  DASHBOARD_HEADER_ID,
  DASHBOARD_ROOT_ID,
  DASHBOARD_VERSION_KEY,
  chartMetaSchema,
  layoutComponentSchema,
  type DashboardLayout,
  type LayoutComponent,
} from '@tessera/contracts';
import { isRecord } from '@tessera/core';

/** A new or unreadable dashboard: an empty grid under the title. */
function titleHeader(title: string): LayoutComponent {
  return { id: DASHBOARD_HEADER_ID, type: 'HEADER', children: [], meta: { text: title } };
}

export function emptyLayout(title: string): DashboardLayout {
  return {
    [DASHBOARD_ROOT_ID]: { id: DASHBOARD_ROOT_ID, type: 'ROOT', children: [DASHBOARD_GRID_ID] },
    [DASHBOARD_GRID_ID]: { id: DASHBOARD_GRID_ID, type: 'GRID', children: [], parents: [DASHBOARD_ROOT_ID] },
    [DASHBOARD_HEADER_ID]: titleHeader(title),
  };
}

/**
 * `position_json` as a layout. Components that do not parse are dropped (and with them the links to
 * them); a missing or broken tree gives the empty layout, so a bad save never makes a dashboard unopenable.
 */
export function parseLayout(positionJson: string | null, title: string): DashboardLayout {
  if (positionJson === null || positionJson.trim() === '') return emptyLayout(title);
  let raw: unknown;
  try {
    raw = JSON.parse(positionJson);
  } catch {
    return emptyLayout(title);
  }
  if (!isRecord(raw)) return emptyLayout(title);
  const layout: DashboardLayout = {};
  for (const [id, value] of Object.entries(raw)) {
    if (id === DASHBOARD_VERSION_KEY) continue;
    const parsed = layoutComponentSchema.safeParse(value);
    if (parsed.success && parsed.data.id === id) layout[id] = parsed.data;
  }
  const root = layout[DASHBOARD_ROOT_ID];
  if (root?.type !== 'ROOT' || root.children.length === 0) return emptyLayout(title);
  for (const component of Object.values(layout)) {
    component.children = component.children.filter((child) => child in layout);
  }
  layout[DASHBOARD_HEADER_ID] ??= titleHeader(title);
  return layout;
}

/** The chart ids the layout places, in tree order without repeats. */
export function layoutChartIds(layout: DashboardLayout): number[] {
  const ids: number[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const component = layout[id];
    if (component === undefined) return;
    if (component.type === 'CHART') {
      const meta = chartMetaSchema.safeParse(component.meta);
      if (meta.success && !ids.includes(meta.data.chartId)) ids.push(meta.data.chartId);
    }
    component.children.forEach(visit);
  };
  visit(DASHBOARD_ROOT_ID);
  return ids;
}
