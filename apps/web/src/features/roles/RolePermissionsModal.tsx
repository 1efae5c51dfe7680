import type { PermissionResource, RoleItem, RolePermission } from '@tessera/contracts';
import { Alert, Button, Divider, Flex, Modal, Select, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { errorText } from '../../shared/errors/to-api-error';
import { useToasts } from '../../shared/toasts/use-toasts';
import { GrantAccessPicker } from './GrantAccessPicker';
import {
  PAIR_PAGE_SIZE,
  useListPairsQuery,
  useRolePermissionsQuery,
  useSetRolePermissionsMutation,
} from './roles-api';

interface PairOption {
  id: number;
  permission: string;
  view: string;
}

const fromResource = (pair: PermissionResource): PairOption => ({
  id: pair.id,
  permission: pair.permission.name,
  view: pair.view_menu.name,
});
const fromRolePair = (pair: RolePermission): PairOption => ({
  id: pair.id,
  permission: pair.permission_name,
  view: pair.view_menu_name,
});

/** Select options grouped by resource (the view), each labelled by its permission. */
export function groupedOptions(pairs: readonly PairOption[]) {
  const groups = new Map<string, PairOption[]>();
  for (const pair of pairs) {
    const group = groups.get(pair.view) ?? [];
    if (!group.some((candidate) => candidate.id === pair.id)) group.push(pair);
    groups.set(pair.view, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([view, group]) => ({
      label: view,
      title: view,
      options: group
        .sort((a, b) => a.permission.localeCompare(b.permission))
        .map((pair) => ({ value: pair.id, label: `${pair.permission} on ${view}` })),
    }));
}

/** Edit a role's (permission, view) pairs, plus a quick grant of database, schema or dataset access. */
export function RolePermissionsModal({ role, onClose }: { role: RoleItem; onClose: () => void }) {
  const current = useRolePermissionsQuery(role.id);
  if (current.isLoading || current.data === undefined) {
    return (
      <Modal open title={`Permissions of ${role.name}`} footer={null} onCancel={onClose}>
        {current.error ? (
          <Alert type="error" showIcon title={errorText(current.error)} />
        ) : (
          <Spin data-test="role-permissions-loading" />
        )}
      </Modal>
    );
  }
  return <PermissionsEditor role={role} initial={current.data} onClose={onClose} />;
}

function PermissionsEditor({
  role,
  initial,
  onClose,
}: {
  role: RoleItem;
  initial: RolePermission[];
  onClose: () => void;
}) {
  const [selected, setSelected] = useState<number[]>(initial.map((pair) => pair.id));
  const [known, setKnown] = useState<PairOption[]>(initial.map(fromRolePair));
  const [search, setSearch] = useState('');
  const pairs = useListPairsQuery(search);
  const [save, saveState] = useSetRolePermissionsMutation();
  const { addSuccessToast, addDangerToast } = useToasts();

  // Chosen pairs stay labelled when a search no longer lists them.
  const options = useMemo(
    () => groupedOptions([...known, ...(pairs.data?.result ?? []).map(fromResource)]),
    [known, pairs.data],
  );

  const onSave = async () => {
    const result = await save({ id: role.id, ids: selected });
    if ('error' in result) {
      addDangerToast(`Could not save the permissions of ${role.name}: ${errorText(result.error)}`);
      return;
    }
    addSuccessToast(`Permissions of ${role.name} saved`);
    onClose();
  };

  return (
    <Modal
      open
      width={760}
      title={`Permissions of ${role.name}`}
      onCancel={onClose}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button data-test="role-permissions-cancel" onClick={onClose}>
            Cancel
          </Button>
          <Button
            data-test="role-permissions-save"
            type="primary"
            loading={saveState.isLoading}
            onClick={() => void onSave()}
          >
            Save
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">
          {selected.length} selected. Type to search permissions and resources
          {(pairs.data?.count ?? 0) > PAIR_PAGE_SIZE
            ? ` (the first ${PAIR_PAGE_SIZE} matches are listed)`
            : ''}
          .
        </Typography.Text>
        <Select<number[]>
          data-test="role-permissions-select"
          mode="multiple"
          allowClear
          showSearch={{ filterOption: false, onSearch: setSearch }}
          loading={pairs.isFetching}
          placeholder="Search permissions, e.g. database_access or Dataset"
          style={{ width: '100%' }}
          maxTagCount={40}
          value={selected}
          options={options}
          onChange={(ids) => {
            setSelected(ids);
            const listed = (pairs.data?.result ?? [])
              .map(fromResource)
              .filter((pair) => ids.includes(pair.id));
            setKnown((old) => [...old, ...listed]);
          }}
        />
        {pairs.error ? <Alert type="error" showIcon title={errorText(pairs.error)} /> : null}
        <Divider plain style={{ margin: '8px 0' }}>
          Grant access
        </Divider>
        <GrantAccessPicker
          roleId={role.id}
          onGranted={(pair) => {
            setKnown((old) => [...old, fromRolePair(pair)]);
            setSelected((old) => (old.includes(pair.id) ? old : [...old, pair.id]));
          }}
        />
      </Flex>
    </Modal>
  );
}
