import { useDndContext, useDroppable } from '@dnd-kit/core';
import { DASHBOARD_ROOT_ID } from '@tessera/contracts';
import type { DropData } from './drag-data';
import { useDropIndicator } from './indicator-store';
import { zoneKey } from './resolve-drop';

/**
 * The strip above the dashboard body where a tabs container becomes the top-level tabs (the layout op
 * `dropOnRoot`). It keeps its height in edit mode, so nothing shifts under the pointer when a drag
 * starts; its outline and hint show only while something is dragged.
 */
export function RootDropZone() {
  const data: DropData = { kind: 'zone', containerId: DASHBOARD_ROOT_ID };
  const { setNodeRef } = useDroppable({ id: zoneKey(DASHBOARD_ROOT_ID), data });
  const { active } = useDndContext();
  const indicator = useDropIndicator(zoneKey(DASHBOARD_ROOT_ID));
  const classes = [
    'tsr-drop-zone',
    'tsr-root-drop-zone',
    active === null ? '' : 'is-dragging',
    indicator === null ? '' : indicator.refused ? 'is-refused' : 'is-over',
  ].join(' ');
  return (
    <div ref={setNodeRef} className={classes} data-test="dashboard-root-drop-zone">
      {active === null ? null : 'Drop tabs here to make them the top-level tabs'}
    </div>
  );
}
