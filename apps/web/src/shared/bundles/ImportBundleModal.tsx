import { InboxOutlined } from '@ant-design/icons';
import { MODAL_DEFAULT_WIDTH, type BundleResource } from '@tessera/contracts';
import { Alert, Button, Flex, Form, Input, Modal, Spin, Typography, Upload } from 'antd';
import { useReducer } from 'react';
import { useToasts } from '../toasts/use-toasts';
import { bundlePlural } from './bundle-labels';
import { uploadBundle } from './bundle-transfer';
import { readImportRefusal } from './import-refusal';
import {
  OVERWRITE_CONFIRMATION,
  canImport,
  importReducer,
  initialImportState,
  overwrites,
  passwordsToSend,
  type ImportState,
} from './import-state';

interface ImportBundleModalProps {
  resource: BundleResource;
  onClose: () => void;
  /** Called after a successful import, before the dialog closes (the list refetches). */
  onImported: () => void;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Imports an export ZIP into one resource's list: pick the file, import; when the server names objects
 * that exist, confirm overwriting them by typing OVERWRITE; when it needs database passwords, type them;
 * every other problem is listed per file as the server named it.
 */
export function ImportBundleModal({ resource, onClose, onImported }: ImportBundleModalProps) {
  const [state, dispatch] = useReducer(importReducer<File>, undefined, initialImportState<File>);
  const { addSuccessToast } = useToasts();
  const plural = bundlePlural(resource);

  const onImport = async () => {
    if (state.file === null || !canImport(state)) return;
    dispatch({ type: 'uploadStarted' });
    const outcome = await uploadBundle(resource, {
      file: state.file,
      overwrite: overwrites(state),
      passwords: passwordsToSend(state),
    });
    if (!outcome.ok) {
      dispatch({ type: 'refused', refusal: readImportRefusal(outcome.error) });
      return;
    }
    addSuccessToast(`${capitalised(plural)} imported from ${state.file.name}`);
    onImported();
    onClose();
  };

  return (
    <Modal
      open
      title={`Import ${plural}`}
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: !state.uploading }}
      footer={[
        <Button key="cancel" data-test="import-cancel" onClick={onClose} disabled={state.uploading}>
          Cancel
        </Button>,
        <Button
          key="import"
          data-test="import-submit"
          type="primary"
          danger={overwrites(state)}
          loading={state.uploading}
          disabled={!canImport(state)}
          onClick={() => void onImport()}
        >
          {overwrites(state) ? 'Overwrite' : 'Import'}
        </Button>,
      ]}
    >
      <Flex vertical gap={12} data-test="import-modal">
        <ImportFilePicker
          state={state}
          onChosen={(file) => dispatch({ type: 'fileChosen', file })}
          onRemoved={() => dispatch({ type: 'fileRemoved' })}
        />
        {state.uploading ? (
          <Flex gap={8} align="center" data-test="import-progress">
            <Spin size="small" />
            <Typography.Text type="secondary">Uploading and importing {state.file?.name}…</Typography.Text>
          </Flex>
        ) : null}
        {state.passwordsNeeded.length > 0 ? (
          <div data-test="import-passwords">
            <Typography.Paragraph>
              The bundle does not carry the passwords of these database connections. Enter them to import the
              databases with the {plural}.
            </Typography.Paragraph>
            <Form layout="vertical" component="div">
              {state.passwordsNeeded.map((file) => (
                <Form.Item key={file} label={file} required>
                  <Input.Password
                    data-test="import-password"
                    data-file={file}
                    aria-label={`Password for ${file}`}
                    autoComplete="new-password"
                    value={state.passwords[file] ?? ''}
                    disabled={state.uploading}
                    onChange={(event) =>
                      dispatch({ type: 'passwordTyped', file, password: event.target.value })
                    }
                  />
                </Form.Item>
              ))}
            </Form>
          </div>
        ) : null}
        {overwrites(state) ? (
          <div data-test="import-overwrite">
            <Alert
              type="warning"
              showIcon
              title={`Some ${plural} in this bundle exist already`}
              description={
                <>
                  <ul data-test="import-existing">
                    {state.existing.map((file) => (
                      <li key={file}>{file}</li>
                    ))}
                  </ul>
                  Importing again replaces them, and changes made to them since are lost.
                </>
              }
            />
            <Form layout="vertical" component="div" style={{ marginTop: 12 }}>
              <Form.Item label={`Type ${OVERWRITE_CONFIRMATION} to confirm`}>
                <Input
                  data-test="import-overwrite-confirm"
                  aria-label={`Type ${OVERWRITE_CONFIRMATION} to confirm`}
                  value={state.confirmation}
                  disabled={state.uploading}
                  onChange={(event) => dispatch({ type: 'confirmationTyped', text: event.target.value })}
                />
              </Form.Item>
            </Form>
          </div>
        ) : null}
        <ImportProblems state={state} />
      </Flex>
    </Modal>
  );
}

interface ImportFilePickerProps {
  state: ImportState<File>;
  onChosen: (file: File) => void;
  onRemoved: () => void;
}

/** The drop zone and file list: one .zip, kept in the dialog until Import (never uploaded on pick). */
function ImportFilePicker({ state, onChosen, onRemoved }: ImportFilePickerProps) {
  return (
    <Upload.Dragger
      data-test="import-file"
      accept=".zip"
      maxCount={1}
      disabled={state.uploading}
      fileList={state.file === null ? [] : [{ uid: 'bundle', name: state.file.name, status: 'done' }]}
      beforeUpload={(file) => {
        onChosen(file);
        return false;
      }}
      onRemove={() => {
        onRemoved();
        return true;
      }}
    >
      <Flex vertical align="center" gap={4} data-test="import-file-drop">
        <InboxOutlined style={{ fontSize: 32 }} />
        <Typography.Text>Click or drop an export ZIP here</Typography.Text>
        <Typography.Text type="secondary">A bundle exported from Tessera or Superset (.zip)</Typography.Text>
      </Flex>
    </Upload.Dragger>
  );
}

/** The last refusal: its sentence and what the server said about each file. */
function ImportProblems({ state }: { state: ImportState<File> }) {
  if (state.error === null && state.problems.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      data-test="import-errors"
      title={state.error ?? 'The bundle could not be imported'}
      description={
        state.problems.length === 0 ? undefined : (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {state.problems.map((problem) => (
              <li key={problem.file} data-test="import-error-file">
                <Typography.Text strong>{problem.file}</Typography.Text>: {problem.messages.join('; ')}
              </li>
            ))}
          </ul>
        )
      }
    />
  );
}
