import { SafetyCertificateFilled, WarningFilled } from '@ant-design/icons';
import { Tooltip, theme } from 'antd';

/** The tooltip of a certified asset: 'Certified by X' plus the details when there are any. */
export function certificationText(certifiedBy: string, details: string | null | undefined): string {
  return details ? `Certified by ${certifiedBy}: ${details}` : `Certified by ${certifiedBy}`;
}

interface CertifiedIconProps {
  certifiedBy: string | null | undefined;
  details?: string | null;
  dataTest: string;
}

/** A certified badge with its certifier in a tooltip; nothing when no one certified the asset. */
export function CertifiedIcon({ certifiedBy, details, dataTest }: CertifiedIconProps) {
  const { token } = theme.useToken();
  if (certifiedBy === null || certifiedBy === undefined || certifiedBy.trim() === '') return null;
  return (
    <Tooltip title={certificationText(certifiedBy, details)}>
      <SafetyCertificateFilled
        data-test={dataTest}
        aria-label="Certified"
        style={{ color: token.colorPrimary }}
      />
    </Tooltip>
  );
}

/** A warning sign with the warning text in a tooltip; nothing when there is no warning. */
export function WarningIcon({ warning, dataTest }: { warning: string | null | undefined; dataTest: string }) {
  const { token } = theme.useToken();
  if (warning === null || warning === undefined || warning.trim() === '') return null;
  return (
    <Tooltip title={warning}>
      <WarningFilled data-test={dataTest} aria-label="Warning" style={{ color: token.colorWarning }} />
    </Tooltip>
  );
}
