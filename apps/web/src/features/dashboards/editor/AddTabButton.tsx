import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { addTab } from '../layout-ops';
import { useLayoutEditor } from './layout-editor-context';

/** After the last tab of a TABS container: appends a 'New tab'. */
export function AddTabButton({ tabsId }: { tabsId: string }) {
  const editor = useLayoutEditor();
  return (
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
}
