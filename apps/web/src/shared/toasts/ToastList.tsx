import type { Toast } from '@tessera/core';
import { Alert, theme } from 'antd';
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { toastRemoved } from './toasts-slice';

const ALERT_TYPES = { info: 'info', success: 'success', warning: 'warning', danger: 'error' } as const;
const TOAST_WIDTH = 380;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  useEffect(() => {
    if (toast.duration <= 0) return undefined;
    const timer = setTimeout(() => {
      onDismiss(toast.id);
    }, toast.duration);
    return () => {
      clearTimeout(timer);
    };
  }, [toast.id, toast.duration, onDismiss]);

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

/** Renders the toast list top-right; each toast removes itself after its duration or when dismissed. */
export function ToastList({ toasts }: { toasts: readonly Toast[] }) {
  const dispatch = useDispatch();
  const { token } = theme.useToken();
  const dismiss = (id: string) => {
    dispatch(toastRemoved(id));
  };
  return (
    <div
      data-test="toast-container"
      style={{
        position: 'fixed',
        top: token.marginLG,
        right: token.marginLG,
        zIndex: token.zIndexPopupBase + 100,
        width: TOAST_WIDTH,
        maxWidth: `calc(100vw - ${token.marginLG * 2}px)`,
        display: 'flex',
        flexDirection: 'column',
        gap: token.marginXS,
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
      ))}
    </div>
  );
}
