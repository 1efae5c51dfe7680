import type { PermissionResource, RoleItem, RolePermission } from '@tessera/contracts';
import { Alert, Button, Divider, Flex, Modal, Spin, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { errorText } from '../../shared/errors/to-api-error';
import { useToasts } from '../../shared/toasts/use-toasts';
import { AsyncSelect } from '../../shared/ui/async-select/AsyncSelect';
import type { AsyncSelectOption, FetchSelectOptions } from '../../shared/ui/async-select/async-select-rules';
import { GrantAccessPicker } from './GrantAccessPicker';
import { useLazyListPairsQuery, useRolePermissionsQuery, useSetRolePermissionsMutation } from './roles-api';

/** A pair as a choice: its id, labelled '<permission> on <resource>'. */
const fromResource = (pair: PermissionResource): AsyncSelectOption => ({
  value: pair.id,
  label: `${pair.permission.name} on ${pair.view_menu.name}`,
});
const fromRolePair = (pair: RolePermission): AsyncSelectOption => ({
  value: pair.id,
  label: `${pair.permission_name} on ${pair.view_menu_name}`,
});

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
  const [selected, setSelected] = useState<AsyncSelectOption[]>(initial.map(fromRolePair));
  const [listPairs] = useLazyListPairsQuery();
  const [failure, setFailure] = useState<unknown>(null);
  const fetchPairs = useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      const response = await listPairs({ search, page, pageSize }, true).unwrap();
      setFailure(null);
      return { options: response.result.map(fromResource), totalCount: response.count };
    },
    [listPairs],
  );
  const [save, saveState] = useSetRolePermissionsMutation();
  const { addSuccessToast, addDangerToast } = useToasts();

  const onSave = async () => {
    const result = await save({ id: role.id, ids: selected.map((pair) => Number(pair.value)) });
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
          {selected.length} selected. Type to search permissions and resources.
        </Typography.Text>
        <AsyncSelect
          data-test="role-permissions-select"
          mode="multiple"
          aria-label="Permissions"
          allowClear
          placeholder="Search permissions, e.g. database_access or Dataset"
          fetchOptions={fetchPairs}
          onError={setFailure}
          value={selected}
          onChange={setSelected}
        />
        {failure !== null ? <Alert type="error" showIcon title={errorText(failure)} /> : null}
        <Divider plain style={{ margin: '8px 0' }}>
          Grant access
        </Divider>
        <GrantAccessPicker
          roleId={role.id}
          onGranted={(pair) => {
            setSelected((old) =>
              old.some((chosen) => chosen.value === pair.id) ? old : [...old, fromRolePair(pair)],
            );
          }}
        />
      </Flex>
    </Modal>
  );
}
