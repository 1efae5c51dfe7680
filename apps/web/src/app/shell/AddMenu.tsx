import { PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { CHART_CREATE_PATH } from '../../features/charts/paths';
import { DATASET_LIST_PATH } from '../../features/datasets/paths';
import { SQLLAB_PATH } from '../../features/sqllab/paths';
import { addDialogPath } from '../../shared/ui/use-add-param';
import { DATABASE_LIST_PATH } from '../paths';

/** What '+' creates, and where each starts. Dashboards join when they exist. */
const TARGETS: { key: string; label: string; path: string }[] = [
  { key: 'sql', label: 'SQL query', path: SQLLAB_PATH },
  { key: 'chart', label: 'Chart', path: CHART_CREATE_PATH },
  { key: 'dataset', label: 'Dataset', path: addDialogPath(DATASET_LIST_PATH) },
  { key: 'database', label: 'Database', path: addDialogPath(DATABASE_LIST_PATH) },
];

/** The top bar's '+' menu: new SQL query, chart, dataset or database connection. */
export function AddMenu() {
  const navigate = useNavigate();
  const items: MenuProps['items'] = TARGETS.map((target) => ({
    key: target.key,
    label: <span data-test={`add-menu-${target.key}`}>{target.label}</span>,
  }));
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key }) => {
          const target = TARGETS.find((entry) => entry.key === key);
          if (target) void navigate(target.path);
        },
      }}
    >
      <Button data-test="add-menu" type="text" icon={<PlusOutlined />} aria-label="Create new" />
    </Dropdown>
  );
}
