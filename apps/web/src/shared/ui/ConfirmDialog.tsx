import { MODAL_DEFAULT_WIDTH } from '@tessera/contracts';
import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  okText: string;
  danger?: boolean;
  loading?: boolean;
  /** Withholds the confirmation (the action is not possible now); Cancel stays. */
  okDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question in a modal whose buttons carry data-test attributes (confirm-ok, confirm-cancel). */
export function ConfirmDialog({
  open,
  title,
  children,
  okText,
  danger = false,
  loading = false,
  okDisabled = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      width={Math.round(MODAL_DEFAULT_WIDTH * 0.75)}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" data-test="confirm-cancel" onClick={onCancel}>
          Cancel
        </Button>,
        <Button
          key="ok"
          data-test="confirm-ok"
          type="primary"
          danger={danger}
          loading={loading}
          disabled={okDisabled}
          onClick={onConfirm}
        >
          {okText}
        </Button>,
      ]}
    >
      <div data-test="confirm-dialog">{children}</div>
    </Modal>
  );
}
