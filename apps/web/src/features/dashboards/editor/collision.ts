import type { ClientRect, CollisionDetection } from '@dnd-kit/core';

function contains(rect: ClientRect, point: { x: number; y: number }): boolean {
  return point.x >= rect.left && point.x <= rect.right && point.y >= rect.top && point.y <= rect.bottom;
}

/**
 * The innermost droppable under the pointer (the keyboard: the dragged item's centre). Frames nest —
 * a chart's frame sits in its row's frame in the grid's — and the smallest one is the one aimed at.
 */
export const innermostUnderPointer: CollisionDetection = ({
  droppableContainers,
  droppableRects,
  pointerCoordinates,
  collisionRect,
}) => {
  const point = pointerCoordinates ?? {
    x: collisionRect.left + collisionRect.width / 2,
    y: collisionRect.top + collisionRect.height / 2,
  };
  return droppableContainers
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      if (rect === undefined || !contains(rect, point)) return [];
      return [{ id: container.id, data: { droppableContainer: container, value: rect.width * rect.height } }];
    })
    .sort((a, b) => a.data.value - b.data.value);
};
