import { GRID_BASE_UNIT, GRID_GUTTER_SIZE, type LayoutComponent } from '@tessera/contracts';
import { useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { resizeComponent } from '../layout-ops';
import { useLayoutEditor } from './layout-editor-context';

type Edge = 'right' | 'bottom' | 'corner';

interface Drag {
  edge: Edge;
  startX: number;
  startY: number;
  frameWidth: number;
  frameHeight: number;
  /** Pixels per grid column, gutter included. */
  columnStep: number;
  width: number;
  height: number;
}

export function snapSize(
  drag: Pick<Drag, 'edge' | 'columnStep' | 'width' | 'height'>,
  dx: number,
  dy: number,
): { width?: number; height?: number } {
  const size: { width?: number; height?: number } = {};
  if (drag.edge !== 'bottom' && drag.width > 0) size.width = drag.width + Math.round(dx / drag.columnStep);
  if (drag.edge !== 'right' && drag.height > 0) size.height = drag.height + Math.round(dy / GRID_BASE_UNIT);
  return size;
}

function metaNumber(component: LayoutComponent, key: string): number {
  const value = component.meta?.[key];
  return typeof value === 'number' ? value : 0;
}

/**
 * Right edge → width in grid columns, bottom edge → height in GRID_BASE_UNIT rows, corner → both. A
 * dashed outline previews the snapped size while dragging; the layout changes once, on release, so one
 * resize is one undo step.
 */
export function ResizeHandles({
  component,
  frameRef,
}: {
  component: LayoutComponent;
  frameRef: RefObject<HTMLDivElement | null>;
}) {
  const editor = useLayoutEditor();
  const drag = useRef<Drag | null>(null);
  const [preview, setPreview] = useState<{ width: number; height: number } | null>(null);
  const width = metaNumber(component, 'width');
  const height = metaNumber(component, 'height');
  const edges: Edge[] = height > 0 ? ['right', 'bottom', 'corner'] : ['right'];

  const previewOf = (current: Drag, dx: number, dy: number): { width: number; height: number } => {
    const snapped = snapSize(current, dx, dy);
    const result = resizeComponent(editor.layout, component.id, snapped);
    const next = 'layout' in result ? result.layout[component.id]?.meta : undefined;
    const nextWidth = typeof next?.width === 'number' ? next.width : current.width;
    const nextHeight = typeof next?.height === 'number' ? next.height : current.height;
    return {
      width: current.width > 0 ? nextWidth * current.columnStep - GRID_GUTTER_SIZE : current.frameWidth,
      height: current.frameHeight + (nextHeight - current.height) * GRID_BASE_UNIT,
    };
  };

  const onPointerDown = (edge: Edge) => (event: ReactPointerEvent<HTMLDivElement>) => {
    const frame = frameRef.current;
    if (frame === null || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    const rect = frame.getBoundingClientRect();
    drag.current = {
      edge,
      startX: event.clientX,
      startY: event.clientY,
      frameWidth: rect.width,
      frameHeight: rect.height,
      columnStep: width > 0 ? (rect.width + GRID_GUTTER_SIZE) / width : 1,
      width,
      height,
    };
    setPreview({ width: rect.width, height: rect.height });
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (current === null) return;
    setPreview(previewOf(current, event.clientX - current.startX, event.clientY - current.startY));
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    drag.current = null;
    setPreview(null);
    if (current === null) return;
    const size = snapSize(current, event.clientX - current.startX, event.clientY - current.startY);
    editor.apply((layout) => resizeComponent(layout, component.id, size));
  };

  return (
    <>
      {preview === null ? null : (
        <div
          className="tsr-resize-preview"
          data-test="dashboard-resize-preview"
          style={{ width: preview.width, height: preview.height }}
        />
      )}
      {edges.map((edge) => (
        <div
          key={edge}
          className={`tsr-resize tsr-resize-${edge}`}
          data-test={`resize-handle-${edge}`}
          role="separator"
          aria-label={edge === 'bottom' ? 'Resize height' : edge === 'right' ? 'Resize width' : 'Resize'}
          onPointerDown={onPointerDown(edge)}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            drag.current = null;
            setPreview(null);
          }}
        />
      ))}
    </>
  );
}
