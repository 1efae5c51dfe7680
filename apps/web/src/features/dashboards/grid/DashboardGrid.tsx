import { DASHBOARD_ROOT_ID } from '@tessera/contracts';
import { childDepth } from '@tessera/core';
import { useContext } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { selectLayout } from '../state/dashboard-store';
import { LayoutEditContext } from './layout-edit-context';
import { LayoutNode } from './LayoutNode';
import { RenderChildContext } from './render-child-context';
import { DashboardViewContext } from './dashboard-view-context';
import { SelectedTabsStack } from './SelectedTabsStack';

/**
 * The dashboard body: the layout drawn recursively from ROOT_ID (a GRID, or top-level TABS), or, for a
 * report's selected tabs, only those tabs one after the other.
 */
export function DashboardGrid() {
  const root = useAppSelector((state) => selectLayout(state)[DASHBOARD_ROOT_ID]);
  const layout = useAppSelector(selectLayout);
  const edit = useContext(LayoutEditContext);
  const { printTabs } = useContext(DashboardViewContext);
  if (root === undefined) return null;
  const depth = childDepth('ROOT', 0);
  if (printTabs.length > 0 && edit === null)
    return (
      <RenderChildContext.Provider value={LayoutNode}>
        <div data-test="dashboard-content">
          <SelectedTabsStack layout={layout} tabIds={printTabs} />
        </div>
      </RenderChildContext.Provider>
    );
  return (
    <RenderChildContext.Provider value={LayoutNode}>
      <div data-test="dashboard-content">
        {edit === null ? null : <edit.RootDropZone />}
        {root.children.map((id, index) => (
          <LayoutNode key={id} id={id} parentId={DASHBOARD_ROOT_ID} index={index} depth={depth} />
        ))}
      </div>
    </RenderChildContext.Provider>
  );
}
