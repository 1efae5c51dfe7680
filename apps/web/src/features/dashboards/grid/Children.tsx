import {
  GRID_COLUMN_COUNT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_GUTTER_SIZE,
  type LayoutComponent,
} from '@tessera/contracts';
import { childDepth, WRAPPED_IN_ROW_TYPES } from '@tessera/core';
import { useAppSelector } from '../../../app/hooks';
import { selectLayout } from '../state/dashboard-store';
import { ContainerEnd } from './ContainerEnd';
import { LayoutNode } from './LayoutNode';
import { columnsWidth, metaWidth } from './widths';

/**
 * One child in its place: in a ROW a slot as wide as its columns; in GRID or a TAB, charts, markdown and
 * columns sit in a row of their own (as if wrapped in one); anything else takes the full width.
 */
function ChildSlot({
  id,
  parent,
  index,
  depth,
}: {
  id: string;
  parent: LayoutComponent;
  index: number;
  depth: number;
}) {
  const child = useAppSelector((state) => selectLayout(state)[id]);
  if (child === undefined) return null;
  const node = <LayoutNode id={id} parentId={parent.id} index={index} depth={depth} />;
  const sized = parent.type === 'ROW' || WRAPPED_IN_ROW_TYPES.includes(child.type);
  if (parent.type === 'COLUMN' || !sized) return node;
  const fallback = child.type === 'COLUMN' ? GRID_COLUMN_COUNT : GRID_DEFAULT_CHART_WIDTH;
  const slot = (
    <div style={{ width: columnsWidth(metaWidth(child.meta, fallback)), flex: 'none', minWidth: 0 }}>
      {node}
    </div>
  );
  return parent.type === 'ROW' ? slot : <div style={{ display: 'flex' }}>{slot}</div>;
}

/** A container's children, each at the depth core's `childDepth` gives it, then the editor's drop zone. */
export function Children({ component, depth }: { component: LayoutComponent; depth: number }) {
  const inner = childDepth(component.type, depth);
  return (
    <>
      {component.children.map((childId, index) => (
        <ChildSlot key={childId} id={childId} parent={component} index={index} depth={inner} />
      ))}
      <ContainerEnd container={component} depth={depth} />
    </>
  );
}

export const STACK_GAP = GRID_GUTTER_SIZE;
