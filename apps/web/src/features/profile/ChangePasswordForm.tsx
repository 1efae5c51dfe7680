import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { toApiError } from '../../shared/errors/to-api-error';
import { useToasts } from '../../shared/toasts/use-toasts';
import { PASSWORD_CHANGED, toPasswordUpdate, type PasswordFormValues } from './password-form';
import { useChangeMyPasswordMutation } from './profile-api';

const FIELDS: (keyof PasswordFormValues)[] = ['current_password', 'new_password', 'confirm_password'];
const isField = (field: string): field is keyof PasswordFormValues => (FIELDS as string[]).includes(field);

/** Current password, new password twice; server field messages land on their fields. */
export function ChangePasswordForm() {
  const [form] = Form.useForm<PasswordFormValues>();
  const [changePassword, { isLoading }] = useChangeMyPasswordMutation();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const { addSuccessToast } = useToasts();

  const placeErrors = (fieldErrors: Record<string, string[]>) => {
    form.setFields(
      Object.entries(fieldErrors).flatMap(([name, errors]) => (isField(name) ? [{ name, errors }] : [])),
    );
    setOtherErrors(Object.entries(fieldErrors).flatMap(([name, errors]) => (isField(name) ? [] : errors)));
  };

  const submit = async (values: PasswordFormValues) => {
    setOtherErrors([]);
    const body = toPasswordUpdate(values);
    if (!body.ok) {
      placeErrors(body.fieldErrors);
      return;
    }
    const result = await changePassword(body.payload);
    if ('data' in result) {
      form.resetFields();
      addSuccessToast(PASSWORD_CHANGED);
      return;
    }
    const error = toApiError(result.error);
    if (error?.fieldErrors === undefined) setOtherErrors([error?.error ?? 'An error occurred']);
    else placeErrors(error.fieldErrors);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      data-test="change-password-form"
      style={{ maxWidth: 420 }}
      initialValues={{ current_password: '', new_password: '', confirm_password: '' }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item label="Current password" name="current_password">
        <Input.Password data-test="current-password" autoComplete="current-password" />
      </Form.Item>
      <Form.Item label="New password" name="new_password" extra="At least 8 characters.">
        <Input.Password data-test="new-password" autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="Repeat the new password" name="confirm_password">
        <Input.Password data-test="confirm-password" autoComplete="new-password" />
      </Form.Item>
      {otherErrors.length === 0 ? null : (
        <Alert
          type="error"
          showIcon
          data-test="change-password-error"
          title={otherErrors.join(' ')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Button type="primary" htmlType="submit" loading={isLoading} data-test="change-password-submit">
        Change password
      </Button>
    </Form>
  );
}
