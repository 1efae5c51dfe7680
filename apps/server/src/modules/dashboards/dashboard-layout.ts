import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * The dashboard layout tree (reference §8.3): a flat map of components by id under ROOT_ID → GRID_ID.
 * Saving a chart into a dashboard from Explore places it here so the dashboard shows it.
 */

const GRID_COLUMNS = 12;
export const NEW_CHART_WIDTH = 4;
export const NEW_CHART_HEIGHT = 50;

const componentSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    children: z.array(z.string()).default([]),
    parents: z.array(z.string()).optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
type LayoutComponent = z.infer<typeof componentSchema>;
type Layout = Record<string, unknown>;

/** Component ids look like Superset's `<TYPE>-<nanoid>`. */
const newComponentId = (type: string): string =>
  `${type}-${randomBytes(8).toString('base64url').slice(0, 10)}`;

export function emptyLayout(title: string): Layout {
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: [], parents: ['ROOT_ID'] },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', meta: { text: title } },
  };
}

function parseLayout(positionJson: string | null, title: string): Layout {
  if (positionJson === null || positionJson.trim() === '') return emptyLayout(title);
  let parsed: unknown;
  try {
    parsed = JSON.parse(positionJson);
  } catch {
    return emptyLayout(title);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return emptyLayout(title);
  const layout: Layout = { ...parsed };
  if (
    !componentSchema.safeParse(layout.GRID_ID).success ||
    !componentSchema.safeParse(layout.ROOT_ID).success
  ) {
    return { ...layout, ...emptyLayout(title) };
  }
  return layout;
}

function component(layout: Layout, id: string): LayoutComponent | undefined {
  const parsed = componentSchema.safeParse(layout[id]);
  return parsed.success ? parsed.data : undefined;
}

function chartIdOf(entry: LayoutComponent | undefined): number | undefined {
  const chartId = entry?.type === 'CHART' ? entry.meta?.chartId : undefined;
  return typeof chartId === 'number' ? chartId : undefined;
}

function hasChart(layout: Layout, chartId: number): boolean {
  return Object.keys(layout).some((id) => chartIdOf(component(layout, id)) === chartId);
}

function widthOf(entry: LayoutComponent | undefined): number {
  const width = entry?.meta?.width;
  return typeof width === 'number' ? width : NEW_CHART_WIDTH;
}

/**
 * The layout with the chart added: into the grid's last row when it has room, else into a new row at
 * the bottom. A chart already on the dashboard leaves it unchanged.
 */
export function addChartToLayout(
  positionJson: string | null,
  chart: { id: number; sliceName: string; uuid: string },
  dashboardTitle: string,
): string {
  const layout = parseLayout(positionJson, dashboardTitle);
  if (hasChart(layout, chart.id)) return JSON.stringify(layout);
  const grid = component(layout, 'GRID_ID');
  if (!grid) return JSON.stringify(layout);
  const lastRowId = grid.children.at(-1);
  const lastRow = lastRowId === undefined ? undefined : component(layout, lastRowId);
  const usedWidth =
    lastRow?.type === 'ROW'
      ? lastRow.children.reduce((sum, childId) => sum + widthOf(component(layout, childId)), 0)
      : GRID_COLUMNS;
  let row: LayoutComponent;
  if (lastRow?.type === 'ROW' && usedWidth + NEW_CHART_WIDTH <= GRID_COLUMNS) {
    row = lastRow;
  } else {
    row = {
      id: newComponentId('ROW'),
      type: 'ROW',
      children: [],
      parents: ['ROOT_ID', 'GRID_ID'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    };
    layout.GRID_ID = { ...grid, children: [...grid.children, row.id] };
  }
  const chartComponent: LayoutComponent = {
    id: newComponentId('CHART'),
    type: 'CHART',
    children: [],
    parents: [...(row.parents ?? ['ROOT_ID', 'GRID_ID']), row.id],
    meta: {
      chartId: chart.id,
      width: NEW_CHART_WIDTH,
      height: NEW_CHART_HEIGHT,
      sliceName: chart.sliceName,
      uuid: chart.uuid,
    },
  };
  layout[row.id] = { ...row, children: [...row.children, chartComponent.id] };
  layout[chartComponent.id] = chartComponent;
  return JSON.stringify(layout);
}

/** The layout without the chart's components; a row left empty goes too. */
export function removeChartFromLayout(positionJson: string | null, chartId: number): string | null {
  if (positionJson === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(positionJson);
  } catch {
    return positionJson;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return positionJson;
  const layout = new Map<string, unknown>(Object.entries(parsed));
  const entry = (id: string): LayoutComponent | undefined => {
    const result = componentSchema.safeParse(layout.get(id));
    return result.success ? result.data : undefined;
  };
  const detach = (id: string): void => {
    layout.delete(id);
    for (const holderId of layout.keys()) {
      const holder = entry(holderId);
      if (!holder?.children.includes(id)) continue;
      const children = holder.children.filter((child) => child !== id);
      if (holder.type === 'ROW' && children.length === 0) detach(holderId);
      else layout.set(holderId, { ...holder, children });
    }
  };
  const doomed = [...layout.keys()].filter((id) => chartIdOf(entry(id)) === chartId);
  if (doomed.length === 0) return positionJson;
  for (const id of doomed) detach(id);
  return JSON.stringify(Object.fromEntries(layout));
}
