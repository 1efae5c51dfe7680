import { MODAL_DEFAULT_WIDTH, ROLE_NAME_MAX, type RoleItem } from '@tessera/contracts';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { toApiError } from '../../shared/errors/to-api-error';
import { useToasts } from '../../shared/toasts/use-toasts';
import { useCreateRoleMutation, useRenameRoleMutation } from './roles-api';

interface RoleNameModalProps {
  /** The role to rename; undefined to create one. */
  role?: RoleItem;
  onClose: () => void;
}

/** Create a role or rename one: the name is its only field. */
export function RoleNameModal({ role, onClose }: RoleNameModalProps) {
  const [name, setName] = useState(role?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [createRole, createState] = useCreateRoleMutation();
  const [renameRole, renameState] = useRenameRoleMutation();
  const { addSuccessToast } = useToasts();

  const onSave = async () => {
    const trimmed = name.trim();
    if (trimmed === '') {
      setError('Name is required.');
      return;
    }
    const result =
      role === undefined ? await createRole(trimmed) : await renameRole({ id: role.id, name: trimmed });
    if ('error' in result) {
      const apiError = toApiError(result.error);
      setError(apiError?.fieldErrors?.name?.join(' ') ?? apiError?.error ?? 'An error occurred');
      return;
    }
    addSuccessToast(role === undefined ? `Role ${trimmed} created` : `Role renamed to ${trimmed}`);
    onClose();
  };

  return (
    <Modal
      open
      width={MODAL_DEFAULT_WIDTH}
      title={role === undefined ? 'Add role' : `Rename ${role.name}`}
      okText={role === undefined ? 'Add' : 'Rename'}
      okButtonProps={{ ...{ 'data-test': 'role-name-save' } }}
      cancelButtonProps={{ ...{ 'data-test': 'role-name-cancel' } }}
      confirmLoading={createState.isLoading || renameState.isLoading}
      onOk={() => void onSave()}
      onCancel={onClose}
    >
      <Form layout="vertical" onFinish={() => void onSave()}>
        <Form.Item
          label="Name"
          required
          validateStatus={error === null ? undefined : 'error'}
          help={error ?? undefined}
        >
          <Input
            data-test="role-name"
            autoFocus
            maxLength={ROLE_NAME_MAX}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            onPressEnter={() => void onSave()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
