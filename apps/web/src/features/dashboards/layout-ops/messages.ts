/** Texts of the layout editor's refusals and warnings (spec 001 §5 'Layout', §8 dashboard messages). */
export const NOT_ENOUGH_SPACE =
  'There is not enough space for this component. Try decreasing its width, or increasing the destination width.';
export const TOP_LEVEL_TAB_INTO_NESTED_TABS = 'Can not move top level tab into nested tabs';
export const CHART_MOVED_SCOPE = 'This chart has been moved to a different filter scope.';
export const NO_CHART_DEFINITION =
  'Sorry, there is no chart definition associated with the chart trying to be added.';
/** Not in the spec: a drop whose source, destination or dragged item vanished (another edit removed it). */
export const DROP_TARGET_MISSING = 'The component or the place it was dropped on no longer exists.';
export const CANNOT_CHANGE_FIXED = 'The dashboard root, grid and title cannot be moved or deleted.';

export function notAllowedHere(childType: string, parentType: string): string {
  return `A ${childType.toLowerCase()} cannot be placed in a ${parentType.toLowerCase()} here.`;
}
/** Not in the spec: only a tabs container can take the place of the grid at the top of the dashboard. */
export const ONLY_TABS_AT_TOP = 'Only tabs can be dropped at the top of the dashboard.';
