import type { LayoutComponentType } from '@tessera/contracts';

/**
 * Which component may hold which, and how deep (reference §12.4, spec 001 §5). The number is the deepest
 * the *parent* may sit for that child to be allowed. ROOT is at depth 0; TABS and TAB do not add depth.
 */
const MAX_PARENT_DEPTH: Partial<Record<LayoutComponentType, Partial<Record<LayoutComponentType, number>>>> = {
  ROOT: { TABS: 0, GRID: 0 },
  GRID: { CHART: 1, DYNAMIC: 1, MARKDOWN: 1, COLUMN: 1, DIVIDER: 1, HEADER: 1, ROW: 1, TABS: 1 },
  ROW: { CHART: 4, DYNAMIC: 4, MARKDOWN: 4, COLUMN: 4 },
  TABS: { TAB: 3 },
  TAB: { CHART: 5, DYNAMIC: 5, MARKDOWN: 5, DIVIDER: 5, HEADER: 5, COLUMN: 3, ROW: 3, TABS: 3 },
  COLUMN: { CHART: 5, HEADER: 5, MARKDOWN: 5, ROW: 3, DIVIDER: 3, TABS: 3 },
};

export function isValidChild(
  parentType: LayoutComponentType,
  childType: LayoutComponentType,
  parentDepth: number,
): boolean {
  const max = MAX_PARENT_DEPTH[parentType]?.[childType];
  return max !== undefined && parentDepth <= max;
}

/** The depth a component's children sit at. */
export function childDepth(parentType: LayoutComponentType, parentDepth: number): number {
  return parentType === 'TABS' || parentType === 'TAB' ? parentDepth : parentDepth + 1;
}

/** Types that never hold children. */
export const LEAF_TYPES: readonly LayoutComponentType[] = [
  'CHART',
  'DYNAMIC',
  'DIVIDER',
  'HEADER',
  'MARKDOWN',
];

/** Dropping one of these straight into GRID or a TAB wraps it in a new ROW. */
export const WRAPPED_IN_ROW_TYPES: readonly LayoutComponentType[] = [
  'CHART',
  'DYNAMIC',
  'MARKDOWN',
  'COLUMN',
];
