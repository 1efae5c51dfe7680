import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragMoveEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { LayoutEditContext } from '../grid/layout-edit-context';
import { dropComponent, isRefusal, type DraggedItem, type DropDestination } from '../layout-ops';
import { innermostUnderPointer } from './collision';
import { asDragData, asDropData, type DragData } from './drag-data';
import { EditorStyles } from './EditorStyles';
import { IndicatorStore, IndicatorStoreContext } from './indicator-store';
import { layoutEditSeam } from './layout-edit-seam';
import { LayoutEditorContext, type LayoutEditor } from './layout-editor-context';
import { resolveDrop } from './resolve-drop';

/** Where the pointer is now: where the drag started plus how far it went (the keyboard: the item's centre). */
function pointerOf(event: DragMoveEvent): { x: number; y: number } | undefined {
  const start = event.activatorEvent;
  if (start instanceof MouseEvent || (typeof PointerEvent !== 'undefined' && start instanceof PointerEvent)) {
    return { x: start.clientX + event.delta.x, y: start.clientY + event.delta.y };
  }
  const rect = event.active.rect.current.translated;
  return rect === null ? undefined : { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/**
 * Edit mode around the dashboard page: the layout editor for the seam's components, the dnd-kit context
 * shared by the grid's frames and the side panel's palette and charts pane, and the drop indicator.
 */
export function DashboardEditProvider({ editor, children }: { editor: LayoutEditor; children: ReactNode }) {
  const indicators = useMemo(() => new IndicatorStore(), []);
  const [dragging, setDragging] = useState<DragData | null>(null);
  const pending = useRef<{ dragged: DraggedItem; destination: DropDestination } | null>(null);
  const editorRef = useRef(editor);
  editorRef.current = editor;
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so clicks on handles and buttons stay clicks.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor),
  );

  const clear = (): void => {
    pending.current = null;
    indicators.set(null);
    setDragging(null);
  };

  const track = (event: DragMoveEvent): void => {
    const drag = asDragData(event.active.data.current);
    const over = event.over;
    const target = over === null ? undefined : asDropData(over.data.current);
    const pointer = pointerOf(event);
    const { layout } = editorRef.current;
    const resolved =
      drag === undefined || over === null || target === undefined || pointer === undefined
        ? undefined
        : resolveDrop(layout, target, pointer, over.rect);
    if (drag === undefined || resolved === undefined) {
      pending.current = null;
      indicators.set(null);
      return;
    }
    const refused = isRefusal(dropComponent(layout, drag.dragged, resolved.destination));
    indicators.set({ ...resolved.indicator, refused });
    // A refused drop is still attempted on release, so the user reads why it did not land.
    pending.current = { dragged: drag.dragged, destination: resolved.destination };
  };

  const onDragStart = (event: DragStartEvent): void => {
    setDragging(asDragData(event.active.data.current) ?? null);
  };

  const onDragEnd = (): void => {
    const drop = pending.current;
    clear();
    if (drop !== null) {
      editorRef.current.apply((layout) => dropComponent(layout, drop.dragged, drop.destination));
    }
  };

  return (
    <LayoutEditorContext.Provider value={editor}>
      <IndicatorStoreContext.Provider value={indicators}>
        <LayoutEditContext.Provider value={layoutEditSeam}>
          <EditorStyles />
          <DndContext
            sensors={sensors}
            collisionDetection={innermostUnderPointer}
            // Scroll only at the very edge, so aiming at the grid's end (low on the screen) does not move it.
            autoScroll={{ threshold: { x: 0.05, y: 0.05 } }}
            onDragStart={onDragStart}
            onDragMove={track}
            onDragOver={track}
            onDragEnd={onDragEnd}
            onDragCancel={clear}
          >
            {children}
            <DragOverlay dropAnimation={null}>
              {dragging === null ? null : (
                <div className="tsr-drag-overlay" data-test="dashboard-drag-overlay">
                  {dragging.label}
                </div>
              )}
            </DragOverlay>
          </DndContext>
        </LayoutEditContext.Provider>
      </IndicatorStoreContext.Provider>
    </LayoutEditorContext.Provider>
  );
}
