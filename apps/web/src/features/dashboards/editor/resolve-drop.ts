import { DROP_EDGE_THRESHOLD_PX, type DashboardLayout } from '@tessera/contracts';
import {
  dropPosition,
  findParent,
  type DropDestination,
  type DropPosition,
  type DropRect,
} from '../layout-ops';
import type { DropData } from './drag-data';

/** Where the drop indicator shows: on a component's frame (before/after/inside) or a container's end zone. */
export interface DropIndicator {
  key: string;
  position: DropPosition;
}

export const frameKey = (componentId: string): string => `frame:${componentId}`;
export const zoneKey = (containerId: string): string => `zone:${containerId}`;

const HOLDS_CHILDREN_INSIDE_FRAME = new Set(['ROW', 'COLUMN']);

/**
 * Turns the droppable under the pointer into a destination for `dropComponent`. In a row, siblings run
 * left to right, so the left/right edges place beside the item; the top/bottom edges of an item in a row
 * place beside the whole row instead, which is how a new row is started above or below one.
 */
export function resolveDrop(
  layout: DashboardLayout,
  data: DropData,
  pointer: { x: number; y: number },
  rect: DropRect,
): { destination: DropDestination; indicator: DropIndicator } | undefined {
  if (data.kind === 'zone') {
    const container = layout[data.containerId];
    if (container === undefined) return undefined;
    return {
      destination: { parentId: container.id, index: container.children.length },
      indicator: { key: zoneKey(container.id), position: 'inside' },
    };
  }
  const component = layout[data.componentId];
  if (component === undefined) return undefined;
  if (data.parentType === 'ROW') {
    const fromTop = pointer.y - rect.top;
    const nearTop = fromTop < DROP_EDGE_THRESHOLD_PX;
    const nearBottom = fromTop > rect.height - DROP_EDGE_THRESHOLD_PX;
    const row = layout[data.parentId];
    const rowParent = row === undefined ? undefined : findParent(layout, row.id);
    if ((nearTop || nearBottom) && row !== undefined && rowParent !== undefined) {
      const rowIndex = rowParent.children.indexOf(row.id);
      return {
        destination: { parentId: rowParent.id, index: nearTop ? rowIndex : rowIndex + 1 },
        indicator: { key: frameKey(row.id), position: nearTop ? 'before' : 'after' },
      };
    }
  }
  const axis = data.parentType === 'ROW' ? 'x' : 'y';
  const position = dropPosition(pointer, rect, axis, HOLDS_CHILDREN_INSIDE_FRAME.has(component.type));
  const destination: DropDestination =
    position === 'inside'
      ? { parentId: component.id, index: component.children.length }
      : { parentId: data.parentId, index: position === 'before' ? data.index : data.index + 1 };
  return { destination, indicator: { key: frameKey(component.id), position } };
}
