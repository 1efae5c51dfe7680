import type { Toast } from '@tessera/core';
import { theme } from 'antd';
import { ToastStack, type ToastItemProps } from './ToastStack';
import { useToastExpiry } from './use-toast-expiry';

function PlainToastItem({ toast, onDismiss }: ToastItemProps) {
  const { token } = theme.useToken();
  useToastExpiry(toast, onDismiss);
  const danger = toast.toastType === 'danger';
  return (
    <div
      data-test="toast"
      data-toast-type={toast.toastType}
      role={danger ? 'alert' : 'status'}
      style={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: token.marginXS,
        padding: `${token.paddingXS}px ${token.padding}px`,
        background: danger ? token.colorErrorBg : token.colorBgElevated,
        border: `1px solid ${danger ? token.colorErrorBorder : token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        boxShadow: token.boxShadowSecondary,
      }}
    >
      <span style={{ flex: 1 }}>{toast.text}</span>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={() => {
          onDismiss(toast.id);
        }}
        style={{ border: 'none', background: 'none', cursor: 'pointer', color: token.colorTextSecondary }}
      >
        ×
      </button>
    </div>
  );
}

/**
 * The toast list without antd's Alert, built only from code the entry chunk already holds: shown until
 * the styled list's chunk is there, and for good when it cannot be downloaded (the server is gone, which
 * is when toasts matter most).
 */
export function PlainToastList({ toasts }: { toasts: readonly Toast[] }) {
  return <ToastStack toasts={toasts} Item={PlainToastItem} />;
}
