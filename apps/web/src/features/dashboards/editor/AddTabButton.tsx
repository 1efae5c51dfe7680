import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { addTab, deleteComponent } from '../layout-ops';
import { useLayoutEditor } from './layout-editor-context';

/**
 * After the last tab of a TABS container: appends a 'New tab'. The top-level tabs have no frame of their
 * own, so their delete button lives here too: it removes the tabs and keeps what they held, in the grid.
 */
export function AddTabButton({ tabsId, topLevel = false }: { tabsId: string; topLevel?: boolean }) {
  const editor = useLayoutEditor();
  const add = (
    <Button
      type="text"
      size="small"
      icon={<PlusOutlined />}
      data-test="dashboard-add-tab"
      aria-label="Add tab"
      onClick={(event) => {
        event.stopPropagation();
        const result = editor.apply((layout) => addTab(layout, tabsId));
        if ('createdId' in result && result.createdId !== undefined)
          editor.onTabAdded?.(tabsId, result.createdId);
      }}
    />
  );
  if (!topLevel) return add;
  return (
    <Space size={0}>
      {add}
      <Button
        type="text"
        size="small"
        icon={<DeleteOutlined />}
        data-test="dashboard-top-tabs-delete"
        aria-label="Remove the top-level tabs and keep their content"
        title="Remove the top-level tabs (their content moves to the dashboard)"
        onClick={(event) => {
          event.stopPropagation();
          editor.apply((layout) => deleteComponent(layout, tabsId));
        }}
      />
    </Space>
  );
}
