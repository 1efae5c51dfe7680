import type { Toast } from '@tessera/core';
import { Alert } from 'antd';
import { ToastStack, type ToastItemProps } from './ToastStack';
import { useToastExpiry } from './use-toast-expiry';

const ALERT_TYPES = { info: 'info', success: 'success', warning: 'warning', danger: 'error' } as const;

function ToastItem({ toast, onDismiss }: ToastItemProps) {
  useToastExpiry(toast, onDismiss);
  return (
    <Alert
      data-test="toast"
      data-toast-type={toast.toastType}
      type={ALERT_TYPES[toast.toastType]}
      title={toast.text}
      showIcon
      role={toast.toastType === 'danger' ? 'alert' : 'status'}
      closable={{ onClose: () => onDismiss(toast.id), 'aria-label': 'Dismiss' }}
    />
  );
}

/** Renders the toast list bottom-right; each toast removes itself after its duration or when dismissed. */
export function ToastList({ toasts }: { toasts: readonly Toast[] }) {
  return <ToastStack toasts={toasts} Item={ToastItem} />;
}
