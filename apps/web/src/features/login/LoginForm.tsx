import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, theme } from 'antd';
import { useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { useLoginMutation } from '../../shared/api/auth-api';
import { errorText } from '../../shared/errors/to-api-error';
import type { SessionUser } from '../../shared/session/session-slice';

interface FieldProps {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}

function Field({ id, label, error, children }: FieldProps) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={token.marginXXS}>
      <label htmlFor={id} style={{ color: token.colorTextLabel }}>
        {label}
      </label>
      {children}
      {error === undefined ? null : (
        <div id={`${id}-error`} style={{ color: token.colorError, fontSize: token.fontSizeSM }}>
          {error}
        </div>
      )}
    </Flex>
  );
}

/**
 * Username and password; the server's answer to a failed login is shown above the button.
 * Built from antd inputs without antd's Form: the form engine would be most of this page's code.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (user: SessionUser) => void }) {
  const [login, { isLoading, error, reset }] = useLoginMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ username?: string; password?: string }>({});
  const { token } = theme.useToken();
  const id = useId();

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = {
      ...(username.trim() === '' ? { username: 'Enter your username' } : {}),
      ...(password === '' ? { password: 'Enter your password' } : {}),
    };
    setMissing(problems);
    if (Object.keys(problems).length > 0) return;
    const result = await login({ username: username.trim(), password });
    if ('data' in result && result.data !== undefined) onLoggedIn(result.data);
  };

  const edited = () => {
    if (error !== undefined) reset();
  };

  return (
    <form data-test="login-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Flex vertical gap={token.margin}>
        <Field id={`${id}-username`} label="Username" error={missing.username}>
          <Input
            id={`${id}-username`}
            data-test="login-username"
            prefix={<UserOutlined />}
            autoComplete="username"
            autoFocus
            value={username}
            status={missing.username === undefined ? undefined : 'error'}
            aria-invalid={missing.username !== undefined}
            onChange={(event) => {
              setUsername(event.target.value);
              edited();
            }}
          />
        </Field>
        <Field id={`${id}-password`} label="Password" error={missing.password}>
          <Input.Password
            id={`${id}-password`}
            data-test="login-password"
            prefix={<LockOutlined />}
            autoComplete="current-password"
            value={password}
            status={missing.password === undefined ? undefined : 'error'}
            aria-invalid={missing.password !== undefined}
            onChange={(event) => {
              setPassword(event.target.value);
              edited();
            }}
          />
        </Field>
        {error === undefined ? null : (
          <Alert data-test="login-error" type="error" showIcon title={errorText(error)} />
        )}
        <Button data-test="login-submit" type="primary" htmlType="submit" block loading={isLoading}>
          Sign in
        </Button>
      </Flex>
    </form>
  );
}
