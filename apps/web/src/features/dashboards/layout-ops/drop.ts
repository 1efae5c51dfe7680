import {
  DASHBOARD_ROOT_ID,
  GRID_COLUMN_COUNT,
  type DashboardLayout,
  type LayoutComponent,
  type LayoutComponentType,
} from '@tessera/contracts';
import { childDepth, isValidChild, WRAPPED_IN_ROW_TYPES } from '@tessera/core';
import { reattachGridWhenRootEmpty, removeEmptyWrappers } from './cleanup';
import {
  CANNOT_CHANGE_FIXED,
  CHART_MOVED_SCOPE,
  DROP_TARGET_MISSING,
  NO_CHART_DEFINITION,
  NOT_ENOUGH_SPACE,
  notAllowedHere,
  TOP_LEVEL_TAB_INTO_NESTED_TABS,
} from './messages';
import { createComponent, type DraggedItem } from './new-component';
import type { LayoutOpResult } from './result';
import {
  depthOf,
  findParent,
  FIXED_IDS,
  numberMeta,
  occupiedWidth,
  refreshParents,
  subtreeFits,
  subtreeIds,
  topLevelTabOf,
  withChildren,
} from './tree';
import { dropOnRoot } from './drop-on-root';

export type { DraggedItem };

/** Where: before the child now at `index` of `parentId` (`index` = children.length appends). */
export interface DropDestination {
  parentId: string;
  index: number;
}

/**
 * Adds a new component or moves an existing one (reorder, or to another parent) — spec 001 §4 'Layout
 * edits', §5 'Layout'. Charts, markdown and columns dropped straight into the grid or a tab get a new ROW
 * around them; a full row, a too narrow column, a top-level tab going into nested tabs and anything the
 * nesting rules refuse at that depth are refused.
 */
export function dropComponent(
  layout: DashboardLayout,
  dragged: DraggedItem,
  destination: DropDestination,
): LayoutOpResult {
  const parent = layout[destination.parentId];
  const parentDepth = parent === undefined ? undefined : depthOf(layout, parent.id);
  if (parent === undefined || parentDepth === undefined) return { error: DROP_TARGET_MISSING };
  if (parent.id === DASHBOARD_ROOT_ID) return dropOnRoot(layout, dragged);

  const working: DashboardLayout = { ...layout };
  let item: LayoutComponent;
  let source: LayoutComponent | undefined;
  if (dragged.kind === 'existing') {
    if (FIXED_IDS.has(dragged.id)) return { error: CANNOT_CHANGE_FIXED };
    const existing = layout[dragged.id];
    source = existing === undefined ? undefined : findParent(layout, existing.id);
    if (existing === undefined || source === undefined) return { error: DROP_TARGET_MISSING };
    item = existing;
    if (subtreeIds(layout, item.id).includes(parent.id))
      return { error: notAllowedHere(item.type, parent.type) };
    const sourceIsTopLevelTabs = findParent(layout, source.id)?.id === DASHBOARD_ROOT_ID;
    if (item.type === 'TAB' && sourceIsTopLevelTabs && parent.id !== source.id) {
      return { error: TOP_LEVEL_TAB_INTO_NESTED_TABS };
    }
  } else {
    if (dragged.type === 'CHART' && dragged.chart === undefined) return { error: NO_CHART_DEFINITION };
    const created = createComponent(dragged.type, dragged.chart);
    item = created.component;
    for (const component of [item, ...created.extra]) working[component.id] = component;
  }

  // Spec 001 §3 'Layout': a new child of a tab container goes into a new tab of its own, and charts,
  // markdown and columns dropped into a grid or a tab (that new one too) get a row around them.
  const intoTabs = parent.type === 'TABS' && item.type !== 'TAB';
  const rowParentType: LayoutComponentType = intoTabs ? 'TAB' : parent.type;
  const rowParentDepth = intoTabs ? childDepth('TABS', parentDepth) : parentDepth;
  const rowWrap =
    (rowParentType === 'GRID' || rowParentType === 'TAB') && WRAPPED_IN_ROW_TYPES.includes(item.type);
  const wrap = intoTabs || rowWrap;
  const holderType: LayoutComponentType = rowWrap ? 'ROW' : rowParentType;
  const holderDepth = rowWrap ? childDepth(rowParentType, rowParentDepth) : rowParentDepth;
  if (rowWrap && !isValidChild(rowParentType, 'ROW', rowParentDepth)) {
    return { error: notAllowedHere(item.type, parent.type) };
  }
  if (!subtreeFits(working, item, holderType, holderDepth)) {
    return { error: notAllowedHere(item.type, holderType) };
  }

  const width = occupiedWidth(working, item.id);
  if (holderType === 'ROW' && !wrap) {
    const used = parent.children
      .filter((childId) => childId !== item.id)
      .reduce((sum, childId) => sum + occupiedWidth(layout, childId), 0);
    if (used + width > GRID_COLUMN_COUNT) return { error: NOT_ENOUGH_SPACE };
  }
  if (holderType === 'COLUMN' && width > (numberMeta(parent, 'width') ?? GRID_COLUMN_COUNT)) {
    return { error: NOT_ENOUGH_SPACE };
  }

  let index = Math.max(0, Math.min(destination.index, parent.children.length));
  if (source !== undefined) {
    const from = source.children.indexOf(item.id);
    if (source.id === parent.id) {
      if (from < index) index -= 1;
      if (from === index && !wrap) return { layout };
    }
    const latestSource = working[source.id] ?? source;
    working[source.id] = withChildren(
      latestSource,
      latestSource.children.filter((childId) => childId !== item.id),
    );
  }

  let insertedId = item.id;
  if (rowWrap) {
    const row = createComponent('ROW').component;
    working[row.id] = withChildren(row, [insertedId]);
    insertedId = row.id;
  }
  if (intoTabs) {
    const tab = createComponent('TAB').component;
    working[tab.id] = withChildren(tab, [insertedId]);
    insertedId = tab.id;
  }
  const latestParent = working[parent.id] ?? parent;
  const children = [...latestParent.children];
  children.splice(Math.min(index, children.length), 0, insertedId);
  working[parent.id] = withChildren(latestParent, children);

  if (source !== undefined && source.id !== parent.id) {
    removeEmptyWrappers(working, source.id);
    reattachGridWhenRootEmpty(working);
  }
  const next = refreshParents(working);

  const movedChart =
    source !== undefined && subtreeIds(next, item.id).some((id) => next[id]?.type === 'CHART');
  const scopeChanged = movedChart && topLevelTabOf(layout, item.id) !== topLevelTabOf(next, item.id);
  return {
    layout: next,
    createdId: dragged.kind === 'new' ? item.id : undefined,
    ...(scopeChanged ? { warning: CHART_MOVED_SCOPE } : {}),
  };
}
