import {
  GRID_COLUMN_COUNT,
  GRID_MAX_ROW_UNITS,
  GRID_MIN_COLUMN_COUNT,
  GRID_MIN_ROW_UNITS,
  type DashboardLayout,
} from '@tessera/contracts';
import { resizeComponent, widthRoom } from './edit';
import { DROP_TARGET_MISSING, NOT_ENOUGH_SPACE } from './messages';
import type { LayoutOpResult } from './result';
import { findParent, numberMeta, occupiedWidth } from './tree';

/** One keyboard resize step: a grid column wider or narrower, a grid unit (GRID_BASE_UNIT px) taller or shorter. */
export interface ResizeStep {
  columns?: -1 | 1;
  rows?: -1 | 1;
}

/** What the step did, for the screen-reader announcement; `limit` names a bound it stopped at. */
export type ResizeStepOutcome =
  | { result: LayoutOpResult; width?: number; height?: number; limit?: 'narrowest' | 'shortest' | 'tallest' }
  | { result: { error: string } };

/**
 * Resizes by one step from the keyboard (spec 001 §5, §9: widths in columns, heights in GRID_BASE_UNIT
 * rows). Growing past the room its row or column leaves is refused with the spec's 'not enough space'
 * warning, as a drop would be; shrinking below the minimum width (a column: its widest child) or going
 * past the height bounds leaves the layout unchanged and says which bound it met.
 */
export function resizeByStep(layout: DashboardLayout, id: string, step: ResizeStep): ResizeStepOutcome {
  const component = layout[id];
  const parent = findParent(layout, id);
  if (component === undefined || parent === undefined) return { result: { error: DROP_TARGET_MISSING } };
  const width = numberMeta(component, 'width');
  const height = numberMeta(component, 'height');

  if (step.columns !== undefined && width !== undefined) {
    const next = width + step.columns;
    if (step.columns > 0 && (next > widthRoom(layout, id, parent.id) || next > GRID_COLUMN_COUNT)) {
      return { result: { error: NOT_ENOUGH_SPACE } };
    }
    const least =
      component.type === 'COLUMN'
        ? Math.max(
            GRID_MIN_COLUMN_COUNT,
            ...component.children.map((childId) => occupiedWidth(layout, childId)),
          )
        : GRID_MIN_COLUMN_COUNT;
    if (step.columns < 0 && next < least) {
      return { result: { layout }, width, height, limit: 'narrowest' };
    }
    return { result: resizeComponent(layout, id, { width: next }), width: next, height };
  }
  if (step.rows !== undefined && height !== undefined) {
    const next = height + step.rows;
    if (next < GRID_MIN_ROW_UNITS) return { result: { layout }, width, height, limit: 'shortest' };
    if (next > GRID_MAX_ROW_UNITS) return { result: { layout }, width, height, limit: 'tallest' };
    return { result: resizeComponent(layout, id, { height: next }), width, height: next };
  }
  return { result: { layout }, width, height };
}
