import { DROP_EDGE_THRESHOLD_PX } from '@tessera/contracts';

/** Where a drop over a component lands: beside it in its parent, or inside it. */
export type DropPosition = 'before' | 'after' | 'inside';

export interface DropRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Within DROP_EDGE_THRESHOLD_PX of the leading or trailing edge the drop lands before or after the target
 * (spec 001 §9); elsewhere inside it when it can hold children, else on the nearer half. `axis` is the
 * direction the target's siblings run: 'x' in a row, 'y' in grids, tabs and columns.
 */
export function dropPosition(
  pointer: { x: number; y: number },
  rect: DropRect,
  axis: 'x' | 'y',
  canHoldChildren: boolean,
): DropPosition {
  const offset = axis === 'x' ? pointer.x - rect.left : pointer.y - rect.top;
  const size = axis === 'x' ? rect.width : rect.height;
  if (offset < DROP_EDGE_THRESHOLD_PX) return 'before';
  if (offset > size - DROP_EDGE_THRESHOLD_PX) return 'after';
  if (canHoldChildren) return 'inside';
  return offset < size / 2 ? 'before' : 'after';
}
