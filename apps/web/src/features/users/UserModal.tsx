import { MODAL_DEFAULT_WIDTH, type User } from '@tessera/contracts';
import { Alert, Button, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { toApiError } from '../../shared/errors/to-api-error';
import type { FieldErrors } from '../../shared/forms/payload-result';
import { useToasts } from '../../shared/toasts/use-toasts';
import { emptyUserForm, toUserCreate, toUserUpdate, userFormFrom, type UserFormValues } from './user-form';
import { RolesSelect } from './RolesSelect';
import { useCreateUserMutation, useUpdateUserMutation } from './users-api';

function isFormField(field: string): field is keyof UserFormValues {
  return Object.hasOwn(emptyUserForm(), field);
}

interface UserModalProps {
  /** The user to edit; undefined to create one. */
  user?: User;
  onClose: () => void;
  onSaved: (user: User) => void;
}

/** Create or edit a user; the password is required on create and optional on edit. */
export function UserModal({ user, onClose, onSaved }: UserModalProps) {
  const [form] = Form.useForm<UserFormValues>();
  const [saveError, setSaveError] = useState<string[]>([]);
  const [knownRoles] = useState(() => new Map((user?.roles ?? []).map((role) => [role.id, role.name])));
  const [createUser, createState] = useCreateUserMutation();
  const [updateUser, updateState] = useUpdateUserMutation();
  const { addSuccessToast } = useToasts();
  const creating = user === undefined;

  const showFieldErrors = (fieldErrors: FieldErrors): string[] => {
    const entries = Object.entries(fieldErrors);
    form.setFields(
      entries.flatMap(([field, errors]) => (isFormField(field) ? [{ name: field, errors }] : [])),
    );
    return entries.flatMap(([field, errors]) =>
      isFormField(field) ? [] : errors.map((error) => `${field}: ${error}`),
    );
  };

  const save = async (values: UserFormValues) => {
    if (user === undefined) {
      const payload = toUserCreate(values);
      if (payload.ok) return createUser(payload.payload);
      setSaveError(showFieldErrors(payload.fieldErrors));
      return null;
    }
    const payload = toUserUpdate(values, user);
    if (payload.ok) return updateUser({ id: user.id, body: payload.payload });
    setSaveError(showFieldErrors(payload.fieldErrors));
    return null;
  };

  const onSave = async () => {
    setSaveError([]);
    let values: UserFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const result = await save(values);
    if (result === null) return;
    if ('error' in result) {
      const error = toApiError(result.error);
      const unplaced = error?.fieldErrors === undefined ? [] : showFieldErrors(error.fieldErrors);
      setSaveError(error?.fieldErrors === undefined ? [error?.error ?? 'An error occurred'] : unplaced);
      return;
    }
    addSuccessToast(creating ? `User ${result.data.username} created` : `User ${result.data.username} saved`);
    onSaved(result.data);
  };

  return (
    <Modal
      open
      // antd puts unknown props on a wrapper that is never "visible"; tag the rendered dialog instead.
      modalRender={(node) => <div data-test="user-modal">{node}</div>}
      title={creating ? 'Add user' : `Edit user: ${user.username}`}
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" data-test="user-modal-cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button
          key="save"
          data-test="user-modal-save"
          type="primary"
          loading={createState.isLoading || updateState.isLoading}
          onClick={() => void onSave()}
        >
          Save
        </Button>,
      ]}
    >
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        initialValues={creating ? emptyUserForm() : userFormFrom(user)}
      >
        <Form.Item
          label="Username"
          name="username"
          rules={[{ required: true, whitespace: true, message: 'Enter a username' }]}
        >
          <Input data-test="user-username" autoComplete="off" maxLength={64} />
        </Form.Item>
        <Form.Item
          label="First name"
          name="first_name"
          rules={[{ required: true, whitespace: true, message: 'Enter a first name' }]}
        >
          <Input data-test="user-first-name" maxLength={64} />
        </Form.Item>
        <Form.Item
          label="Last name"
          name="last_name"
          rules={[{ required: true, whitespace: true, message: 'Enter a last name' }]}
        >
          <Input data-test="user-last-name" maxLength={64} />
        </Form.Item>
        <Form.Item
          label="Email"
          name="email"
          rules={[{ required: true, type: 'email', message: 'Enter an email address' }]}
        >
          <Input data-test="user-email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          extra={creating ? undefined : 'Leave blank to keep the current password.'}
          rules={[
            { required: creating, message: 'Enter a password' },
            { min: 8, message: 'At least 8 characters' },
          ]}
        >
          <Input.Password data-test="user-password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Roles"
          name="roles"
          rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one role' }]}
        >
          <RolesSelect known={knownRoles} />
        </Form.Item>
        <Form.Item name="active" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox data-test="user-active">Active</Checkbox>
        </Form.Item>
        {saveError.length === 0 ? null : (
          <Alert
            data-test="user-save-error"
            type="error"
            showIcon
            style={{ marginTop: 16 }}
            title={saveError.length === 1 ? saveError[0] : 'The user could not be saved'}
            description={saveError.length > 1 ? saveError.join('\n') : undefined}
          />
        )}
      </Form>
    </Modal>
  );
}
