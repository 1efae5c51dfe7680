import type { Toast } from '@tessera/core';
import { theme } from 'antd';
import { useCallback, type ComponentType } from 'react';
import { useDispatch } from 'react-redux';
import { toastRemoved } from './toasts-slice';

const TOAST_WIDTH = 380;

export interface ToastItemProps {
  toast: Toast;
  onDismiss: (id: string) => void;
}

/**
 * Stacks toasts bottom right, above modals, each drawn by `Item`; dismissing one removes it from the store.
 * At the top right they covered the header's user menu and '+' menu, so a click meant for the menu
 * could land on a toast that had just appeared.
 */
export function ToastStack({
  toasts,
  Item,
}: {
  toasts: readonly Toast[];
  Item: ComponentType<ToastItemProps>;
}) {
  const dispatch = useDispatch();
  const { token } = theme.useToken();
  // Stable, so a new toast does not restart the timers of those already shown.
  const dismiss = useCallback(
    (id: string) => {
      dispatch(toastRemoved(id));
    },
    [dispatch],
  );
  return (
    <div
      data-test="toast-container"
      style={{
        position: 'fixed',
        bottom: token.marginLG,
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
        <Item key={toast.id} toast={toast} onDismiss={dismiss} />
      ))}
    </div>
  );
}
