import { MoreOutlined } from '@ant-design/icons';
import { Badge, Dropdown, Flex, type MenuProps } from 'antd';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  cloneQueryToNewTab,
  removeAllOtherEditors,
  setTitle,
  toggleLeftBar,
  type QueryEditor,
} from '../state';
import { closeTab } from '../persistence/close-tab';
import { deleteClosedTabs } from '../persistence/sync';
import { selectQuery } from '../store/selectors';
import { tagColorOf } from '../results/status-colors';
import { TabTitle } from './TabTitle';

type MenuKey = 'rename' | 'clone' | 'close' | 'closeOthers' | 'toggleLeftBar';

const MENU_TEST_IDS: Record<MenuKey, string> = {
  rename: 'sqllab-tab-rename',
  clone: 'sqllab-tab-clone',
  close: 'sqllab-tab-close',
  closeOthers: 'sqllab-tab-close-others',
  toggleLeftBar: 'sqllab-tab-toggle-left-bar',
};

function menuItems(tab: QueryEditor, onlyTab: boolean): NonNullable<MenuProps['items']> {
  const item = (key: MenuKey, label: string, disabled = false) => ({
    key,
    disabled,
    label: <span data-test={MENU_TEST_IDS[key]}>{label}</span>,
  });
  return [
    item('rename', 'Rename tab'),
    item('clone', 'Clone tab'),
    { type: 'divider' },
    item('close', 'Close tab'),
    item('closeOthers', 'Close all other tabs', onlyTab),
    { type: 'divider' },
    item('toggleLeftBar', tab.hideLeftBar ? 'Show the table list' : 'Hide the table list'),
  ];
}

/** A tab's label: status dot of its latest query, its title, and a menu (also on right-click). */
export function TabLabel({ tab, active, onlyTab }: { tab: QueryEditor; active: boolean; onlyTab: boolean }) {
  const dispatch = useAppDispatch();
  const latest = useAppSelector((state) => selectQuery(state, tab.latestQueryId));
  const [editing, setEditing] = useState(false);

  const onMenuClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    switch (key as MenuKey) {
      case 'rename':
        setEditing(true);
        break;
      case 'clone':
        dispatch(cloneQueryToNewTab({ sourceId: tab.id }));
        break;
      case 'close':
        void dispatch(closeTab(tab.id));
        break;
      case 'closeOthers':
        dispatch(removeAllOtherEditors({ keepId: tab.id }));
        void dispatch(deleteClosedTabs());
        break;
      case 'toggleLeftBar':
        dispatch(toggleLeftBar({ id: tab.id, hideLeftBar: !tab.hideLeftBar }));
        break;
    }
  };
  const menu = { items: menuItems(tab, onlyTab), onClick: onMenuClick };
  const color = latest === null ? null : tagColorOf(latest.state);

  return (
    <Dropdown menu={menu} trigger={['contextMenu']}>
      <Flex
        align="center"
        gap={6}
        data-test="sqllab-tab"
        data-tab-id={tab.id}
        data-active={active ? 'true' : 'false'}
        data-state={latest?.state}
      >
        {color === null ? null : <Badge status={color} data-test="sqllab-tab-status" />}
        <TabTitle
          name={tab.name}
          editing={editing}
          onEditingChange={setEditing}
          onRename={(name) => dispatch(setTitle({ id: tab.id, name }))}
        />
        <Dropdown menu={menu} trigger={['click']}>
          <MoreOutlined
            data-test="sqllab-tab-menu"
            aria-label={`Actions of ${tab.name}`}
            onClick={(event) => {
              event.stopPropagation();
            }}
          />
        </Dropdown>
      </Flex>
    </Dropdown>
  );
}
