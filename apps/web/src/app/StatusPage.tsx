import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

interface StatusPageProps {
  kind: 'error' | 'warning';
  title: string;
  detail?: ReactNode;
  action?: ReactNode;
  /** Replaces the kind's icon (still coloured by kind). */
  icon?: ReactNode;
  'data-test'?: string;
}

/**
 * A full-page status message for the entry chunk (crash, failed start). antd's Result would do, but it
 * ships its illustrations with it, and this code loads before every page.
 */
export function StatusPage({ kind, title, detail, action, icon, 'data-test': dataTest }: StatusPageProps) {
  const { token } = theme.useToken();
  const Icon = kind === 'error' ? CloseCircleFilled : WarningFilled;
  return (
    <Flex
      data-test={dataTest}
      vertical
      align="center"
      gap={token.margin}
      style={{ padding: token.paddingXL * 2, textAlign: 'center' }}
    >
      <span
        style={{
          fontSize: token.sizeXXL,
          lineHeight: 1,
          color: kind === 'error' ? token.colorError : token.colorWarning,
        }}
      >
        {icon ?? <Icon />}
      </span>
      <h1
        style={{
          margin: 0,
          fontSize: token.fontSizeHeading3,
          color: token.colorTextHeading,
          fontWeight: token.fontWeightStrong,
        }}
      >
        {title}
      </h1>
      {detail === undefined ? null : (
        <div style={{ color: token.colorTextSecondary, maxWidth: 720, overflowWrap: 'anywhere' }}>
          {detail}
        </div>
      )}
      {action}
    </Flex>
  );
}
