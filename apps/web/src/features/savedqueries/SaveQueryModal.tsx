import { MODAL_DEFAULT_WIDTH } from '@tessera/contracts';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';

export interface SaveQueryValues {
  label: string;
  description: string;
}

interface SaveQueryModalProps {
  title: string;
  initial: SaveQueryValues;
  /** The primary button's text ('Save', 'Update'). */
  submitText: string;
  /** A second way to submit, e.g. 'Save as new' for a tab already saved. */
  alternative?: { text: string; onSubmit: (values: SaveQueryValues) => void };
  saving?: boolean;
  onSubmit: (values: SaveQueryValues) => void;
  onCancel: () => void;
}

export const LABEL_REQUIRED = 'A name is required';

/** Name and description of a saved query: SQL Lab's Save dialog and the list page's Edit dialog. */
export function SaveQueryModal({
  title,
  initial,
  submitText,
  alternative,
  saving = false,
  onSubmit,
  onCancel,
}: SaveQueryModalProps) {
  const [label, setLabel] = useState(initial.label);
  const [description, setDescription] = useState(initial.description);
  const [touched, setTouched] = useState(false);
  const missing = label.trim() === '';

  const submit = (handler: (values: SaveQueryValues) => void) => {
    setTouched(true);
    if (missing) return;
    handler({ label: label.trim(), description });
  };

  return (
    <Modal
      open
      title={title}
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" data-test="saved-query-modal-cancel" onClick={onCancel}>
          Cancel
        </Button>,
        ...(alternative === undefined
          ? []
          : [
              <Button
                key="alternative"
                data-test="saved-query-modal-alternative"
                disabled={saving}
                onClick={() => submit(alternative.onSubmit)}
              >
                {alternative.text}
              </Button>,
            ]),
        <Button
          key="save"
          type="primary"
          data-test="saved-query-modal-save"
          loading={saving}
          onClick={() => submit(onSubmit)}
        >
          {submitText}
        </Button>,
      ]}
    >
      <Flex vertical gap={12} data-test="saved-query-modal">
        <label>
          <Typography.Text>Name</Typography.Text>
          <Input
            data-test="saved-query-label"
            value={label}
            maxLength={256}
            status={touched && missing ? 'error' : undefined}
            onChange={(event) => setLabel(event.target.value)}
            onPressEnter={() => submit(onSubmit)}
          />
          {touched && missing ? (
            <Typography.Text type="danger" data-test="saved-query-label-error">
              {LABEL_REQUIRED}
            </Typography.Text>
          ) : null}
        </label>
        <label>
          <Typography.Text>Description</Typography.Text>
          <Input.TextArea
            data-test="saved-query-description"
            value={description}
            rows={4}
            onChange={(event) => setDescription(event.target.value)}
          />
        </label>
      </Flex>
    </Modal>
  );
}
