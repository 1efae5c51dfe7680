import {
  DASHBOARD_GRID_ID,
  DASHBOARD_HEADER_ID,
  DASHBOARD_ROOT_ID,
  type DashboardLayout,
  type LayoutComponent,
  type LayoutComponentType,
} from '@tessera/contracts';
import { childDepth, isValidChild } from '@tessera/core';

/** Ids that exist once per dashboard and are never dragged, resized or deleted. */
export const FIXED_IDS: ReadonlySet<string> = new Set([
  DASHBOARD_ROOT_ID,
  DASHBOARD_GRID_ID,
  DASHBOARD_HEADER_ID,
]);

/** The component holding `id`, found by scanning children: `parents` arrays can be stale in stored layouts. */
export function findParent(layout: DashboardLayout, id: string): LayoutComponent | undefined {
  for (const component of Object.values(layout)) {
    if (component.children.includes(id)) return component;
  }
  return undefined;
}

/** Path of ids from ROOT_ID down to (not including) `id`, or undefined when `id` is not reachable. */
export function pathTo(layout: DashboardLayout, id: string): string[] | undefined {
  const path: string[] = [];
  const seen = new Set<string>();
  let current = findParent(layout, id);
  while (current !== undefined) {
    if (seen.has(current.id)) return undefined;
    seen.add(current.id);
    path.unshift(current.id);
    if (current.id === DASHBOARD_ROOT_ID) return path;
    current = findParent(layout, current.id);
  }
  return id === DASHBOARD_ROOT_ID ? [] : undefined;
}

/** The nesting depth of a component (ROOT is 0; TABS and TAB add none), per core's `childDepth`. */
export function depthOf(layout: DashboardLayout, id: string): number | undefined {
  const path = pathTo(layout, id);
  if (path === undefined) return undefined;
  let depth = 0;
  for (const ancestorId of path) {
    const ancestor = layout[ancestorId];
    if (ancestor === undefined) return undefined;
    depth = childDepth(ancestor.type, depth);
  }
  return depth;
}

/** `id` and every component below it. */
export function subtreeIds(layout: DashboardLayout, id: string): string[] {
  const ids: string[] = [];
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === undefined || ids.includes(next)) continue;
    ids.push(next);
    stack.push(...(layout[next]?.children ?? []));
  }
  return ids;
}

/** The top-level tab a component sits in (the TAB right under ROOT's TABS), or undefined outside of one. */
export function topLevelTabOf(layout: DashboardLayout, id: string): string | undefined {
  const path = pathTo(layout, id);
  if (path === undefined) return undefined;
  const [, topTabs, topTab] = path;
  if (topTabs === undefined || layout[topTabs]?.type !== 'TABS') return undefined;
  return topTab ?? (layout[id]?.type === 'TAB' ? id : undefined);
}

export function numberMeta(component: LayoutComponent | undefined, key: string): number | undefined {
  const value = component?.meta?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Columns a component takes in a row: its width, or for a ROW held in a column the sum of its children. */
export function occupiedWidth(layout: DashboardLayout, id: string): number {
  const component = layout[id];
  if (component === undefined) return 0;
  if (component.type === 'ROW') {
    return component.children.reduce((sum, childId) => sum + occupiedWidth(layout, childId), 0);
  }
  return numberMeta(component, 'width') ?? 0;
}

/**
 * Sets `parents` of every reachable component to its path from ROOT_ID, copying only the components that
 * change so unchanged ones keep their identity (React memo, history snapshots). Detached fixed components
 * (GRID_ID under top-level tabs, HEADER_ID) keep what they have.
 */
export function refreshParents(layout: DashboardLayout): DashboardLayout {
  const next: DashboardLayout = { ...layout };
  const visit = (id: string, parents: string[], seen: Set<string>): void => {
    const component = next[id];
    if (component === undefined || seen.has(id)) return;
    seen.add(id);
    if (id !== DASHBOARD_ROOT_ID && !sameList(component.parents, parents)) {
      next[id] = { ...component, parents };
    }
    const childParents = [...parents, id];
    for (const childId of component.children) visit(childId, childParents, seen);
  };
  visit(DASHBOARD_ROOT_ID, [], new Set());
  return next;
}

function sameList(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return a?.length === b.length && a.every((value, index) => value === b[index]);
}

/** A copy of `component` with `children` replaced. */
export function withChildren(component: LayoutComponent, children: string[]): LayoutComponent {
  return { ...component, children };
}

/** Whether `item` may sit in a `holderType` at `holderDepth`, and every component below it still fits. */
export function subtreeFits(
  layout: DashboardLayout,
  item: LayoutComponent,
  holderType: LayoutComponentType,
  holderDepth: number,
): boolean {
  if (!isValidChild(holderType, item.type, holderDepth)) return false;
  const depth = childDepth(holderType, holderDepth);
  return item.children.every((childId) => {
    const child = layout[childId];
    return child !== undefined && subtreeFits(layout, child, item.type, depth);
  });
}
