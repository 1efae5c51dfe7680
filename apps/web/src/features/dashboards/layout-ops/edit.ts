import {
  DASHBOARD_GRID_ID,
  DASHBOARD_ROOT_ID,
  GRID_COLUMN_COUNT,
  GRID_MAX_ROW_UNITS,
  GRID_MIN_COLUMN_COUNT,
  GRID_MIN_ROW_UNITS,
  LAYOUT_META_SCHEMAS,
  type DashboardLayout,
} from '@tessera/contracts';
import { reattachGridWhenRootEmpty, removeEmptyWrappers } from './cleanup';
import { CANNOT_CHANGE_FIXED, DROP_TARGET_MISSING } from './messages';
import { createComponent } from './new-component';
import type { LayoutOpResult } from './result';
import {
  findParent,
  FIXED_IDS,
  numberMeta,
  occupiedWidth,
  refreshParents,
  subtreeIds,
  withChildren,
} from './tree';

/** Not in the spec: meta an edit would make invalid (a width out of range, an unknown header size). */
export const INVALID_META = 'That value is not valid for this component.';

/**
 * Deletes a component with everything below it; an emptied ROW or TABS goes too (spec 001 §4). The
 * top-level tabs container is the exception: deleting it removes the tabs, not the dashboard, so what
 * every tab held moves into the grid in tab order (as in Superset).
 */
export function deleteComponent(layout: DashboardLayout, id: string): LayoutOpResult {
  if (FIXED_IDS.has(id)) return { error: CANNOT_CHANGE_FIXED };
  const parent = findParent(layout, id);
  if (layout[id] === undefined || parent === undefined) return { error: DROP_TARGET_MISSING };
  if (parent.id === DASHBOARD_ROOT_ID && layout[id].type === 'TABS') return unwrapTopLevelTabs(layout, id);
  const working: DashboardLayout = { ...layout };
  for (const removed of subtreeIds(layout, id)) Reflect.deleteProperty(working, removed);
  working[parent.id] = withChildren(
    parent,
    parent.children.filter((childId) => childId !== id),
  );
  removeEmptyWrappers(working, parent.id);
  reattachGridWhenRootEmpty(working);
  return { layout: refreshParents(working) };
}

function unwrapTopLevelTabs(layout: DashboardLayout, tabsId: string): LayoutOpResult {
  const tabs = layout[tabsId];
  const root = layout[DASHBOARD_ROOT_ID];
  if (tabs === undefined || root === undefined) return { error: DROP_TARGET_MISSING };
  const working: DashboardLayout = { ...layout };
  const content = tabs.children.flatMap((tabId) => layout[tabId]?.children ?? []);
  for (const tabId of tabs.children) Reflect.deleteProperty(working, tabId);
  Reflect.deleteProperty(working, tabsId);
  const grid = layout[DASHBOARD_GRID_ID] ?? {
    id: DASHBOARD_GRID_ID,
    type: 'GRID' as const,
    children: [],
    parents: [DASHBOARD_ROOT_ID],
  };
  working[DASHBOARD_GRID_ID] = withChildren(grid, [...grid.children, ...content]);
  working[DASHBOARD_ROOT_ID] = withChildren(
    root,
    root.children.map((childId) => (childId === tabsId ? DASHBOARD_GRID_ID : childId)),
  );
  return { layout: refreshParents(working) };
}

/**
 * Resizes a component: width in grid columns, clamped between GRID_MIN_COLUMN_COUNT (or, for a column,
 * its widest child) and the room its row or column leaves; height in GRID_BASE_UNIT rows, clamped to
 * GRID_MIN_ROW_UNITS…GRID_MAX_ROW_UNITS.
 */
export function resizeComponent(
  layout: DashboardLayout,
  id: string,
  size: { width?: number; height?: number },
): LayoutOpResult {
  const component = layout[id];
  const parent = findParent(layout, id);
  if (component === undefined || parent === undefined) return { error: DROP_TARGET_MISSING };
  const meta = { ...component.meta };
  if (size.width !== undefined && numberMeta(component, 'width') !== undefined) {
    const room = widthRoom(layout, id, parent.id);
    const least =
      component.type === 'COLUMN'
        ? Math.max(
            GRID_MIN_COLUMN_COUNT,
            ...component.children.map((childId) => occupiedWidth(layout, childId)),
          )
        : GRID_MIN_COLUMN_COUNT;
    meta.width = clamp(Math.round(size.width), Math.min(least, room), room);
  }
  if (size.height !== undefined && numberMeta(component, 'height') !== undefined) {
    meta.height = clamp(Math.round(size.height), GRID_MIN_ROW_UNITS, GRID_MAX_ROW_UNITS);
  }
  if (meta.width === component.meta?.width && meta.height === component.meta?.height) return { layout };
  return { layout: { ...layout, [id]: { ...component, meta } } };
}

/** The widest a child of `parentId` may grow: what its row's siblings leave, or its column's width. */
export function widthRoom(layout: DashboardLayout, id: string, parentId: string): number {
  const parent = layout[parentId];
  if (parent?.type === 'ROW') {
    const others = parent.children
      .filter((childId) => childId !== id)
      .reduce((sum, childId) => sum + occupiedWidth(layout, childId), 0);
    return Math.max(GRID_MIN_COLUMN_COUNT, GRID_COLUMN_COUNT - others);
  }
  if (parent?.type === 'COLUMN') return numberMeta(parent, 'width') ?? GRID_COLUMN_COUNT;
  return GRID_COLUMN_COUNT;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Merges `changes` into a component's meta (header text and size, tab text, markdown code, row or column
 * background); refused when the result breaks that type's meta schema.
 */
export function updateMeta(
  layout: DashboardLayout,
  id: string,
  changes: Record<string, unknown>,
): LayoutOpResult {
  const component = layout[id];
  if (component === undefined) return { error: DROP_TARGET_MISSING };
  const meta = { ...component.meta, ...changes };
  const schema = LAYOUT_META_SCHEMAS[component.type];
  if (schema !== undefined && !schema.safeParse(meta).success) return { error: INVALID_META };
  const unchanged = Object.entries(changes).every(([key, value]) => component.meta?.[key] === value);
  if (unchanged) return { layout };
  return { layout: { ...layout, [id]: { ...component, meta } } };
}

/** Appends (or inserts at `index`) a new tab titled 'New tab'; `createdId` names it so it can be activated. */
export function addTab(layout: DashboardLayout, tabsId: string, index?: number): LayoutOpResult {
  const tabs = layout[tabsId];
  if (tabs?.type !== 'TABS') return { error: DROP_TARGET_MISSING };
  const tab = createComponent('TAB').component;
  const children = [...tabs.children];
  children.splice(index ?? children.length, 0, tab.id);
  const next = refreshParents({ ...layout, [tab.id]: tab, [tabsId]: withChildren(tabs, children) });
  return { layout: next, createdId: tab.id };
}
