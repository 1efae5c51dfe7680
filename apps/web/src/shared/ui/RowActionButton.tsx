import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface RowActionButtonProps {
  /** The tooltip naming the action. */
  title: string;
  'data-test': string;
  'aria-label': string;
  icon: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  onClick?: () => void;
  /** Makes the button a link. */
  href?: string;
}

/** An icon button in the Actions column of a list table, with its tooltip. */
export function RowActionButton({
  title,
  'data-test': dataTest,
  'aria-label': label,
  icon,
  danger = false,
  disabled = false,
  onClick,
  href,
}: RowActionButtonProps) {
  return (
    <Tooltip title={title}>
      <Button
        data-test={dataTest}
        type="text"
        size="small"
        danger={danger}
        disabled={disabled}
        aria-label={label}
        icon={icon}
        onClick={onClick}
        href={href}
      />
    </Tooltip>
  );
}
