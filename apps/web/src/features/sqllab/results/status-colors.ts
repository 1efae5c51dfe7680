import { statusBadgeColor, type BadgeStatus, type StatusBadgeColor } from '../state';

/** antd's Tag and Badge names for the spec's badge colours. */
export const TAG_COLORS: Record<StatusBadgeColor, 'error' | 'processing' | 'warning' | 'success'> = {
  danger: 'error',
  info: 'processing',
  warning: 'warning',
  success: 'success',
};

/** The antd colour of a status, 'default' for states the spec gives no colour. */
export function tagColorOf(status: BadgeStatus): (typeof TAG_COLORS)[StatusBadgeColor] | 'default' {
  const color = statusBadgeColor(status);
  return color === null ? 'default' : TAG_COLORS[color];
}
