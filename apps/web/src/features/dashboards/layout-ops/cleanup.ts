import { DASHBOARD_GRID_ID, DASHBOARD_ROOT_ID, type DashboardLayout } from '@tessera/contracts';
import { FIXED_IDS, findParent, withChildren } from './tree';

/**
 * Deletes `id` when it is a ROW or TABS left without children, then looks at its parent the same way
 * (spec 001 §4: an emptied wrapper row is deleted; the last tab leaving takes its TABS along).
 * Mutates `layout`, which must be the operation's own copy.
 */
export function removeEmptyWrappers(layout: DashboardLayout, id: string): void {
  let current = layout[id];
  while (current !== undefined && !FIXED_IDS.has(current.id)) {
    if ((current.type !== 'ROW' && current.type !== 'TABS') || current.children.length > 0) return;
    const emptied = current.id;
    const parent = findParent(layout, emptied);
    Reflect.deleteProperty(layout, emptied);
    if (parent === undefined) return;
    layout[parent.id] = withChildren(
      parent,
      parent.children.filter((childId) => childId !== emptied),
    );
    current = layout[parent.id];
  }
}

/** Top-level tabs replaced the grid under ROOT; when they go, the grid comes back so the page has a body. */
export function reattachGridWhenRootEmpty(layout: DashboardLayout): void {
  const root = layout[DASHBOARD_ROOT_ID];
  if (root === undefined || root.children.length > 0) return;
  layout[DASHBOARD_ROOT_ID] = withChildren(root, [DASHBOARD_GRID_ID]);
  layout[DASHBOARD_GRID_ID] ??= {
    id: DASHBOARD_GRID_ID,
    type: 'GRID',
    children: [],
    parents: [DASHBOARD_ROOT_ID],
  };
}
