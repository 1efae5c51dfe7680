import { Typography, theme } from 'antd';

/** A stack trace folded under 'Stack trace'; nothing when there is none. */
export function StackTrace({ stacktrace }: { stacktrace: string | undefined | null }) {
  const { token } = theme.useToken();
  if (stacktrace === undefined || stacktrace === null || stacktrace.trim() === '') return null;
  return (
    <details data-test="error-stack-trace">
      <summary style={{ cursor: 'pointer' }}>
        <Typography.Text type="secondary">Stack trace</Typography.Text>
      </summary>
      <pre style={{ maxHeight: 200, overflow: 'auto', fontSize: token.fontSizeSM, margin: 0 }}>
        {stacktrace}
      </pre>
    </details>
  );
}
