import { Tabs, Typography } from 'antd';
import { DASHBOARD_ROOT_ID, LOG_ACTIONS } from '@tessera/contracts';
import { logUserEvent } from '../../../shared/logging/logger';
import { useContext } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { dashboardStateActions } from '../state/dashboard-state.slice';
import { selectDashboardState, selectLayout } from '../state/dashboard-store';
import { Children, STACK_GAP } from './Children';
import { LayoutEditContext } from './layout-edit-context';
import type { NodeProps } from './render-child-context';
import { metaText } from './widths';
import { childDepth } from '@tessera/core';
import { DashboardViewContext } from './dashboard-view-context';

/** In edit mode the active tab's title is editable; an inactive one switches to its tab when clicked. */
function TabTitle({ id, active = true }: { id: string; active?: boolean }) {
  const tab = useAppSelector((state) => selectLayout(state)[id]);
  const edit = useContext(LayoutEditContext);
  const text = metaText(tab?.meta, 'text') ?? metaText(tab?.meta, 'defaultText') ?? '';
  if (edit !== null)
    return <edit.EditableText componentId={id} text={text} placeholder="Tab title" editOnClick={active} />;
  return <span data-test="dashboard-tab-title">{text === '' ? 'Untitled tab' : text}</span>;
}

function TabPane({ id, depth }: { id: string; depth: number }) {
  const tab = useAppSelector((state) => selectLayout(state)[id]);
  if (tab === undefined) return null;
  return (
    <div data-test="dashboard-tab-pane" style={{ display: 'flex', flexDirection: 'column', gap: STACK_GAP }}>
      <Children component={tab} depth={depth} />
    </div>
  );
}

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
          <section key={tabId} data-test="dashboard-export-tab">
            <Typography.Title level={4} style={{ margin: '8px 0' }}>
              <TabTitle id={tabId} />
            </Typography.Title>
            <TabPane id={tabId} depth={tabDepth} />
          </section>
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
