import type { DashboardLayout, LayoutComponent, LayoutComponentType } from '@tessera/contracts';
import { validateDashboardLayout } from '@tessera/core';
import { expect } from 'vitest';
import { isRefusal, type LayoutOpResult } from './result';
import { refreshParents } from './tree';

type Spec = [id: string, type: LayoutComponentType, children?: string[], meta?: Record<string, unknown>];

/** A layout from a compact list; `parents` are filled in from the tree. */
export function layoutOf(...specs: Spec[]): DashboardLayout {
  const layout: DashboardLayout = {};
  for (const [id, type, children = [], meta] of specs) {
    // A grid left detached by top-level tabs keeps ROOT_ID as its parent.
    const component: LayoutComponent = { id, type, children, parents: id === 'GRID_ID' ? ['ROOT_ID'] : [] };
    if (meta !== undefined) component.meta = meta;
    layout[id] = component;
  }
  return refreshParents(layout);
}

export const chartMeta = (chartId: number, width = 4, height = 50): Record<string, unknown> => ({
  chartId,
  width,
  height,
  sliceName: `Chart ${String(chartId)}`,
});

/** Grid with a row of two charts, a tabs container (tab A holds a row with one chart, tab B empty). */
export function sampleLayout(): DashboardLayout {
  return layoutOf(
    ['ROOT_ID', 'ROOT', ['GRID_ID']],
    ['GRID_ID', 'GRID', ['ROW-1', 'TABS-1']],
    ['HEADER_ID', 'HEADER', [], { text: 'Sales' }],
    ['ROW-1', 'ROW', ['CHART-1', 'CHART-2'], { background: 'BACKGROUND_TRANSPARENT' }],
    ['CHART-1', 'CHART', [], chartMeta(1)],
    ['CHART-2', 'CHART', [], chartMeta(2)],
    ['TABS-1', 'TABS', ['TAB-A', 'TAB-B']],
    ['TAB-A', 'TAB', ['ROW-2'], { text: 'A' }],
    ['TAB-B', 'TAB', [], { text: 'B' }],
    ['ROW-2', 'ROW', ['CHART-3'], {}],
    ['CHART-3', 'CHART', [], chartMeta(3)],
  );
}

/** Unwraps a successful result, and checks it is a layout the server would accept. */
export function ok(result: LayoutOpResult): DashboardLayout {
  if (isRefusal(result)) throw new Error(`refused: ${result.error}`);
  const check = validateDashboardLayout(result.layout);
  expect(check.ok ? [] : check.problems).toEqual([]);
  return result.layout;
}

export function refusal(result: LayoutOpResult): string {
  if (!isRefusal(result)) throw new Error('expected a refusal');
  return result.error;
}

export function withMeta(
  layout: DashboardLayout,
  id: string,
  meta: Record<string, unknown>,
): DashboardLayout {
  const component = layout[id];
  if (component === undefined) throw new Error(`no ${id}`);
  return { ...layout, [id]: { ...component, meta } };
}
