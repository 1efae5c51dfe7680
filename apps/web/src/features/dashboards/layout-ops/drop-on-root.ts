import {
  DASHBOARD_GRID_ID,
  DASHBOARD_ROOT_ID,
  type DashboardLayout,
  type LayoutComponent,
} from '@tessera/contracts';
import { removeEmptyWrappers } from './cleanup';
import {
  DROP_TARGET_MISSING,
  notAllowedHere,
  ONLY_TABS_AT_TOP,
  TOP_LEVEL_TAB_INTO_NESTED_TABS,
} from './messages';
import { createComponent, type DraggedItem } from './new-component';
import type { LayoutOpResult } from './result';
import { findParent, refreshParents, subtreeFits, withChildren } from './tree';

/**
 * A TABS container dropped onto ROOT becomes the dashboard's top-level tabs (ROOT → TABS → TAB → …): it
 * takes the grid's place under ROOT and everything the grid held moves, in order, to the end of its first
 * tab; the grid stays in the layout, detached and empty, so deleting the tabs can bring it back. When
 * top-level tabs already exist they would end up nested inside the new ones, which spec 001 §5 refuses.
 */
export function dropOnRoot(layout: DashboardLayout, dragged: DraggedItem): LayoutOpResult {
  const root = layout[DASHBOARD_ROOT_ID];
  if (root === undefined) return { error: DROP_TARGET_MISSING };
  const draggedType = dragged.kind === 'new' ? dragged.type : layout[dragged.id]?.type;
  if (draggedType === undefined) return { error: DROP_TARGET_MISSING };
  if (draggedType !== 'TABS') return { error: ONLY_TABS_AT_TOP };
  if (root.children.some((id) => layout[id]?.type === 'TABS')) {
    return { error: TOP_LEVEL_TAB_INTO_NESTED_TABS };
  }
  const grid = layout[DASHBOARD_GRID_ID];
  if (grid === undefined || !root.children.includes(grid.id)) return { error: DROP_TARGET_MISSING };

  const working: DashboardLayout = { ...layout };
  let tabs: LayoutComponent;
  if (dragged.kind === 'new') {
    const created = createComponent('TABS');
    tabs = created.component;
    for (const component of [tabs, ...created.extra]) working[component.id] = component;
  } else {
    const existing = layout[dragged.id];
    const source = findParent(layout, dragged.id);
    if (existing === undefined || source === undefined) return { error: DROP_TARGET_MISSING };
    tabs = existing;
    working[source.id] = withChildren(
      source,
      source.children.filter((childId) => childId !== tabs.id),
    );
    removeEmptyWrappers(working, source.id);
  }

  // A TABS without tabs (a hand-written layout) gets one, so the grid's content has somewhere to go.
  let firstTab = working[tabs.children[0] ?? ''];
  if (firstTab === undefined) {
    firstTab = createComponent('TAB').component;
    working[firstTab.id] = firstTab;
    tabs = withChildren(tabs, [firstTab.id, ...tabs.children]);
    working[tabs.id] = tabs;
  }
  const gridNow = working[DASHBOARD_GRID_ID] ?? grid;
  working[firstTab.id] = withChildren(firstTab, [...firstTab.children, ...gridNow.children]);
  working[DASHBOARD_GRID_ID] = withChildren(gridNow, []);
  working[DASHBOARD_ROOT_ID] = withChildren(
    root,
    root.children.map((id) => (id === DASHBOARD_GRID_ID ? tabs.id : id)),
  );
  const movedTabs = working[tabs.id] ?? tabs;
  if (!subtreeFits(working, movedTabs, 'ROOT', 0)) return { error: notAllowedHere('TABS', 'ROOT') };
  return {
    layout: refreshParents(working),
    createdId: dragged.kind === 'new' ? tabs.id : undefined,
  };
}
