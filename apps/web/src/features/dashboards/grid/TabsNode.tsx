import { Tabs } from 'antd';
import { DASHBOARD_ROOT_ID, LOG_ACTIONS } from '@tessera/contracts';
import { logUserEvent } from '../../../shared/logging/logger';
import { useContext } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { dashboardStateActions } from '../state/dashboard-state.slice';
import { selectDashboardState } from '../state/dashboard-store';
import { STACK_GAP } from './Children';
import { LayoutEditContext } from './layout-edit-context';
import type { NodeProps } from './render-child-context';
import { ExportTabSection, TabPane, TabTitle } from './TabParts';
import { childDepth } from '@tessera/core';
import { DashboardViewContext } from './dashboard-view-context';

/** A TABS container; the active tab per container lives in dashboardState (spec 001 §4). */
export function TabsNode({ component, parentId, depth }: NodeProps) {
  const dispatch = useAppDispatch();
  const edit = useContext(LayoutEditContext);
  const active = useAppSelector((state) => selectDashboardState(state).activeTabs[component.id]);
  const exportMode = useAppSelector((state) => selectDashboardState(state).exportMode);
  const { hideTabBar, dashboardId } = useContext(DashboardViewContext);
  const tabDepth = childDepth('TABS', depth);
  if (exportMode && edit === null) {
    // The PDF export shows every tab, one after the other, so nothing behind an inactive tab is lost.
    return (
      <div
        data-test="dashboard-tabs-stacked"
        style={{ display: 'flex', flexDirection: 'column', gap: STACK_GAP }}
      >
        {component.children.map((tabId) => (
          <ExportTabSection key={tabId} id={tabId} depth={tabDepth} />
        ))}
      </div>
    );
  }
  const activeKey =
    active !== undefined && component.children.includes(active) ? active : component.children[0];
  return (
    <Tabs
      data-test="dashboard-tabs"
      renderTabBar={hideTabBar && edit === null ? () => <></> : undefined}
      activeKey={activeKey}
      onChange={(tabId) => {
        dispatch(dashboardStateActions.activeTabChanged({ tabsId: component.id, tabId }));
        logUserEvent({
          source: 'dashboard',
          sourceId: dashboardId,
          eventName: LOG_ACTIONS.selectDashboardTab,
          fields: { target_id: tabId },
        });
      }}
      tabBarExtraContent={
        edit === null ? undefined : (
          <edit.AddTabButton tabsId={component.id} topLevel={parentId === DASHBOARD_ROOT_ID} />
        )
      }
      items={component.children.map((tabId) => ({
        key: tabId,
        label: <TabTitle id={tabId} active={tabId === activeKey} />,
        children: <TabPane id={tabId} depth={tabDepth} />,
      }))}
    />
  );
}
