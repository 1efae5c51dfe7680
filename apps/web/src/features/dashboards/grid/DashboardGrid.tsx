import { DASHBOARD_ROOT_ID } from '@tessera/contracts';
import { childDepth } from '@tessera/core';
import { useAppSelector } from '../../../app/hooks';
import { selectLayout } from '../state/dashboard-store';
import { LayoutNode } from './LayoutNode';

/** The dashboard body: the layout drawn recursively from ROOT_ID (a GRID, or top-level TABS). */
export function DashboardGrid() {
  const root = useAppSelector((state) => selectLayout(state)[DASHBOARD_ROOT_ID]);
  if (root === undefined) return null;
  const depth = childDepth('ROOT', 0);
  return (
    <div data-test="dashboard-content">
      {root.children.map((id, index) => (
        <LayoutNode key={id} id={id} parentId={DASHBOARD_ROOT_ID} index={index} depth={depth} />
      ))}
    </div>
  );
}
