import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Tabs, Tag, Tooltip } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { addNewTab } from '../run/editor-actions';
import { closeTab } from '../persistence/close-tab';
import { setActiveQueryEditor, type QueryEditor } from '../state';
import { selectActiveTabId, selectTabs } from '../store/selectors';
import { TabLabel } from './TabLabel';

/** The editor tabs: switch, add ('+'), close ('x'), and each tab's menu (rename, clone, close others). */
export function TabBar({ offline }: { offline: boolean }) {
  const dispatch = useAppDispatch();
  const tabs = useAppSelector(selectTabs);
  const activeId = useAppSelector(selectActiveTabId);

  // Keys stay the same when a tab moves to its server id, so an open menu is not remounted.
  const keyOf = (tab: QueryEditor) => tab.immutableId ?? tab.id;
  const idOf = (key: string) => tabs.find((tab) => keyOf(tab) === key)?.id ?? key;
  const activeTab = tabs.find((tab) => tab.id === activeId);
  const items = tabs.map((tab) => ({
    key: keyOf(tab),
    label: <TabLabel tab={tab} active={tab.id === activeId} onlyTab={tabs.length === 1} />,
    closable: true,
    closeIcon: <CloseOutlined data-test="sqllab-close-tab" aria-label={`Close ${tab.name}`} />,
  }));

  return (
    <Tabs
      data-test="sqllab-tabs"
      type="editable-card"
      size="small"
      activeKey={activeTab === undefined ? undefined : keyOf(activeTab)}
      items={items}
      // antd renders its own add button twice (once for the overflow menu); ours exists once.
      hideAdd
      onChange={(key) => dispatch(setActiveQueryEditor({ id: idOf(key) }))}
      onEdit={(target, action) => {
        if (action === 'remove' && typeof target === 'string') {
          void dispatch(closeTab(idOf(target)));
        }
      }}
      tabBarStyle={{ marginBottom: 0 }}
      tabBarExtraContent={
        <Flex align="center" gap={8}>
          {offline ? (
            <Tag color="error" data-test="sqllab-offline">
              offline
            </Tag>
          ) : null}
          <Tooltip title="New tab (Ctrl + T)">
            <Button
              type="text"
              icon={<PlusOutlined />}
              data-test="sqllab-add-tab"
              aria-label="New tab"
              onClick={() => dispatch(addNewTab())}
            />
          </Tooltip>
        </Flex>
      }
    />
  );
}
