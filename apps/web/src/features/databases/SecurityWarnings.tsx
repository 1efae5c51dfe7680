import { WarningOutlined } from '@ant-design/icons';
import { Alert, Tooltip, theme } from 'antd';

/**
 * The connection user's privileges that make read-only depend on the SQL parser alone (superuser,
 * server-file roles, FILE/SUPER), as test_connection and GET database report them.
 */
export function SecurityWarnings({ warnings, dataTest }: { warnings: readonly string[]; dataTest: string }) {
  if (warnings.length === 0) return null;
  return (
    <Alert
      data-test={dataTest}
      type="warning"
      showIcon
      title="This connection can do more than read"
      description={
        <ul style={{ margin: 0, paddingInlineStart: 16 }}>
          {warnings.map((warning) => (
            <li key={warning} data-test="security-warning">
              {warning}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** The list's compact form: an icon whose tooltip holds the warnings. */
export function SecurityWarningIcon({ warnings }: { warnings: readonly string[] | undefined }) {
  const { token } = theme.useToken();
  if (!warnings || warnings.length === 0) return null;
  return (
    <Tooltip title={warnings.join(' ')}>
      <WarningOutlined
        data-test="database-security-warning"
        aria-label={warnings.join(' ')}
        style={{ color: token.colorWarning, marginInlineStart: token.marginXS }}
      />
    </Tooltip>
  );
}
