import { Tabs } from 'antd';
import { useContext } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { dashboardStateActions } from '../state/dashboard-state.slice';
import { selectDashboardState, selectLayout } from '../state/dashboard-store';
import { Children, STACK_GAP } from './Children';
import { LayoutEditContext } from './layout-edit-context';
import type { NodeProps } from './LayoutNode';
import { metaText } from './widths';
import { childDepth } from '@tessera/core';

function TabTitle({ id }: { id: string }) {
  const tab = useAppSelector((state) => selectLayout(state)[id]);
  const edit = useContext(LayoutEditContext);
  const text = metaText(tab?.meta, 'text') ?? metaText(tab?.meta, 'defaultText') ?? '';
  if (edit !== null) return <edit.EditableText componentId={id} text={text} placeholder="Tab title" />;
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
export function TabsNode({ component, depth }: NodeProps) {
  const dispatch = useAppDispatch();
  const edit = useContext(LayoutEditContext);
  const active = useAppSelector((state) => selectDashboardState(state).activeTabs[component.id]);
  const tabDepth = childDepth('TABS', depth);
  const activeKey =
    active !== undefined && component.children.includes(active) ? active : component.children[0];
  return (
    <Tabs
      data-test="dashboard-tabs"
      activeKey={activeKey}
      onChange={(tabId) => dispatch(dashboardStateActions.activeTabChanged({ tabsId: component.id, tabId }))}
      tabBarExtraContent={edit === null ? undefined : <edit.AddTabButton tabsId={component.id} />}
      items={component.children.map((tabId) => ({
        key: tabId,
        label: <TabTitle id={tabId} />,
        children: <TabPane id={tabId} depth={tabDepth} />,
      }))}
    />
  );
}
