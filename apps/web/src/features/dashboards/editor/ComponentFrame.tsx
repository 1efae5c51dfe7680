import { BgColorsOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useCallback, useRef } from 'react';
import type { ComponentFrameProps } from '../grid/layout-edit-context';
import { deleteComponent, updateMeta } from '../layout-ops';
import { componentLabel } from './component-label';
import type { DragData, DropData } from './drag-data';
import { DropLine } from './DropLine';
import { useDropIndicator } from './indicator-store';
import { useLayoutEditor } from './layout-editor-context';
import { frameKey } from './resolve-drop';
import { ResizeHandles } from './ResizeHandles';
import { useKeyboardResize } from './use-keyboard-resize';

const RESIZABLE = new Set(['CHART', 'MARKDOWN', 'COLUMN']);
/** Spec 001 §3 'Layout': rows, columns and headers are drawn on white or transparent. */
const WITH_BACKGROUND = new Set(['ROW', 'COLUMN', 'HEADER']);

/**
 * Edit-mode wrapper of one component: a drag handle and a delete button shown on hover, resize handles
 * for charts, markdown and columns (which also take focus and resize with Shift+Arrow keys), and the drop
 * indicator when a drag aims beside or inside it.
 */
export function ComponentFrame({ component, parentId, index, children }: ComponentFrameProps) {
  const editor = useLayoutEditor();
  const label = componentLabel(component);
  const parentType = editor.layout[parentId]?.type ?? 'GRID';
  const dragData: DragData = { dragged: { kind: 'existing', id: component.id }, label };
  const dropData: DropData = {
    kind: 'frame',
    componentId: component.id,
    type: component.type,
    parentId,
    parentType,
    index,
  };
  const draggable = useDraggable({ id: `drag:${component.id}`, data: dragData });
  const droppable = useDroppable({ id: frameKey(component.id), data: dropData });
  const indicator = useDropIndicator(frameKey(component.id));
  const frameRef = useRef<HTMLDivElement | null>(null);
  const { setNodeRef } = droppable;
  const resizable = RESIZABLE.has(component.type);
  const white = component.meta?.background === 'BACKGROUND_WHITE';
  const keyboardResize = useKeyboardResize(component.id, label);
  const setFrame = useCallback(
    (node: HTMLDivElement | null) => {
      frameRef.current = node;
      setNodeRef(node);
    },
    [setNodeRef],
  );

  return (
    <div
      ref={setFrame}
      className={`tsr-edit-frame${draggable.isDragging ? ' is-dragging' : ''}`}
      data-test="dashboard-component-frame"
      data-component-id={component.id}
      data-component-type={component.type}
      {...(resizable
        ? {
            tabIndex: 0,
            role: 'group',
            'aria-label': `${label}. Shift and arrow keys resize it.`,
            'aria-keyshortcuts': 'Shift+ArrowLeft Shift+ArrowRight Shift+ArrowUp Shift+ArrowDown',
            onKeyDown: keyboardResize.onKeyDown,
          }
        : {})}
    >
      <div className="tsr-edit-chrome">
        <span
          ref={draggable.setNodeRef}
          className="tsr-edit-handle"
          data-test="dashboard-component-drag-handle"
          {...draggable.attributes}
          {...draggable.listeners}
          aria-label={`Move ${label}`}
        >
          <HolderOutlined />
        </span>
        <button
          type="button"
          data-test="dashboard-component-delete"
          aria-label={`Delete ${label}`}
          title="Delete"
          style={{ cursor: 'pointer' }}
          onClick={() => editor.apply((layout) => deleteComponent(layout, component.id))}
        >
          <DeleteOutlined />
        </button>
        {WITH_BACKGROUND.has(component.type) ? (
          <button
            type="button"
            data-test="dashboard-component-background"
            data-background={white ? 'BACKGROUND_WHITE' : 'BACKGROUND_TRANSPARENT'}
            aria-label={`${label} background: ${white ? 'white' : 'transparent'}. Switch to ${white ? 'transparent' : 'white'}`}
            aria-pressed={white}
            title={
              white
                ? 'Background: white (click for transparent)'
                : 'Background: transparent (click for white)'
            }
            style={{ cursor: 'pointer' }}
            onClick={() =>
              editor.apply((layout) =>
                updateMeta(layout, component.id, {
                  background: white ? 'BACKGROUND_TRANSPARENT' : 'BACKGROUND_WHITE',
                }),
              )
            }
          >
            <BgColorsOutlined />
          </button>
        ) : null}
      </div>
      {children}
      {resizable ? <ResizeHandles component={component} frameRef={frameRef} /> : null}
      {resizable ? (
        <span
          className="tsr-visually-hidden"
          role="status"
          aria-live="polite"
          data-test="dashboard-resize-status"
        >
          {keyboardResize.announcement}
        </span>
      ) : null}
      {indicator === null ? null : <DropLine indicator={indicator} axis={parentType === 'ROW' ? 'x' : 'y'} />}
    </div>
  );
}
