import { useDroppable } from '@dnd-kit/core';
import type { LayoutComponent } from '@tessera/contracts';
import type { DropData } from './drag-data';
import { useDropIndicator } from './indicator-store';
import { zoneKey } from './resolve-drop';

const EMPTY_HINTS: Partial<Record<LayoutComponent['type'], string>> = {
  GRID: 'Drag and drop components and charts to the dashboard',
  TAB: 'Drag and drop components to this tab',
  ROW: 'Drop charts or markdown here',
  COLUMN: 'Drop components here',
};

/** The end of a container: a thin target after its last child, or a hint filling it while it is empty. */
export function ContainerDropZone({ container }: { container: LayoutComponent; depth: number }) {
  const data: DropData = { kind: 'zone', containerId: container.id };
  const { setNodeRef } = useDroppable({ id: zoneKey(container.id), data });
  const indicator = useDropIndicator(zoneKey(container.id));
  const empty = container.children.length === 0;
  const classes = [
    'tsr-drop-zone',
    empty ? 'is-empty' : '',
    // Grids, tabs and columns stack downwards: their end zone is a strip below the last child.
    container.type === 'ROW' ? '' : 'is-stack',
    indicator === null ? '' : indicator.refused ? 'is-refused' : 'is-over',
  ].join(' ');
  return (
    <div
      ref={setNodeRef}
      className={classes}
      data-test="dashboard-drop-zone"
      data-container-id={container.id}
      data-container-type={container.type}
    >
      {empty ? (EMPTY_HINTS[container.type] ?? 'Drop here') : null}
    </div>
  );
}
