import { PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { CHART_CREATE_PATH } from '../../features/charts/paths';
import { DASHBOARD_NEW_PATH } from '../../features/dashboards/paths';
import { DATASET_LIST_PATH } from '../../features/datasets/paths';
import { SQLLAB_PATH } from '../../features/sqllab/paths';
import { addDialogPath } from '../../shared/ui/use-add-param';
import { can, canUseSqlLab } from '../../shared/session/permissions';
import type { SessionUser } from '../../shared/session/session-slice';
import { DATABASE_LIST_PATH } from '../paths';

/** What '+' creates, where each starts, and who may create it. */
const TARGETS: { key: string; label: string; path: string; allowed: (user: SessionUser) => boolean }[] = [
  { key: 'sql', label: 'SQL query', path: SQLLAB_PATH, allowed: canUseSqlLab },
  {
    key: 'chart',
    label: 'Chart',
    path: CHART_CREATE_PATH,
    allowed: (user) => can(user, 'can_write', 'Chart'),
  },
  {
    key: 'dashboard',
    label: 'Dashboard',
    path: DASHBOARD_NEW_PATH,
    allowed: (user) => can(user, 'can_write', 'Dashboard'),
  },
  {
    key: 'dataset',
    label: 'Dataset',
    path: addDialogPath(DATASET_LIST_PATH),
    allowed: (user) => can(user, 'can_write', 'Dataset'),
  },
  {
    key: 'database',
    label: 'Database',
    path: addDialogPath(DATABASE_LIST_PATH),
    allowed: (user) => can(user, 'can_write', 'Database'),
  },
];

/**
 * The top bar's '+' menu: new SQL query, chart, dashboard, dataset or database connection, each only for users
 * who may create it; without any, there is no '+'.
 */
export function AddMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const allowed = TARGETS.filter((target) => target.allowed(user));
  if (allowed.length === 0) return null;
  const items: MenuProps['items'] = allowed.map((target) => ({
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
          const target = allowed.find((entry) => entry.key === key);
          if (target) void navigate(target.path);
        },
      }}
    >
      <Button data-test="add-menu" type="text" icon={<PlusOutlined />} aria-label="Create new" />
    </Dropdown>
  );
}
