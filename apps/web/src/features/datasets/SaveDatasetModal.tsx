import { MODAL_DEFAULT_WIDTH } from '@tessera/contracts';
import { Alert, Button, Descriptions, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { toApiError } from '../../shared/errors/to-api-error';
import { useToasts } from '../../shared/toasts/use-toasts';
import { useCreateDatasetMutation } from './datasets-api';
import {
  CREATE_FAILED_MESSAGE,
  FIELD_LABELS,
  NAME_REQUIRED,
  datasetCreateBody,
  type DatasetSource,
} from './save-dataset';

interface SaveDatasetModalProps {
  source: DatasetSource;
  /** The tab's title: the name the dataset starts with. */
  initialName: string;
  databaseName?: string;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

/**
 * "Save dataset" from a SQL Lab result: a name, then POST /api/v1/dataset/ with the query's database,
 * schema, SQL, template parameters and result columns. Server field messages land on the name or
 * in a list under it.
 */
export function SaveDatasetModal({
  source,
  initialName,
  databaseName,
  onClose,
  onSaved,
}: SaveDatasetModalProps) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [nameErrors, setNameErrors] = useState<string[]>([]);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [createDataset, { isLoading }] = useCreateDatasetMutation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const missing = name.trim() === '';

  const save = async () => {
    setTouched(true);
    if (missing) return;
    setNameErrors([]);
    setOtherErrors([]);
    const result = await createDataset(datasetCreateBody(source, name));
    if ('data' in result && result.data !== undefined) {
      addSuccessToast(`Dataset ${result.data.data.table_name} was created`);
      onSaved?.(result.data.id);
      onClose();
      return;
    }
    const error = toApiError('error' in result ? result.error : undefined);
    addDangerToast(CREATE_FAILED_MESSAGE);
    const fields = error?.fieldErrors;
    if (fields === undefined) {
      setOtherErrors([error?.error ?? CREATE_FAILED_MESSAGE]);
      return;
    }
    setNameErrors(fields.table_name ?? []);
    setOtherErrors(
      Object.entries(fields)
        .filter(([field]) => field !== 'table_name')
        .flatMap(([field, texts]) => texts.map((text) => `${FIELD_LABELS[field] ?? field}: ${text}`)),
    );
  };

  const shownNameErrors = touched && missing ? [NAME_REQUIRED] : nameErrors;
  return (
    <Modal
      open
      title="Save or Overwrite Dataset"
      width={Math.round(MODAL_DEFAULT_WIDTH * 0.75)}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" data-test="dataset-modal-cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button
          key="save"
          type="primary"
          data-test="dataset-modal-save"
          loading={isLoading}
          onClick={() => void save()}
        >
          Save
        </Button>,
      ]}
    >
      <Flex vertical gap={12} data-test="save-dataset-modal">
        <label>
          <Typography.Text>Dataset name</Typography.Text>
          <Input
            data-test="dataset-name"
            value={name}
            maxLength={250}
            status={shownNameErrors.length > 0 ? 'error' : undefined}
            onChange={(event) => setName(event.target.value)}
            onPressEnter={() => void save()}
          />
          {shownNameErrors.map((text) => (
            <Typography.Text key={text} type="danger" data-test="dataset-name-error">
              {text}
            </Typography.Text>
          ))}
        </label>
        <Descriptions size="small" column={1} bordered>
          {databaseName === undefined ? null : (
            <Descriptions.Item label="Database">{databaseName}</Descriptions.Item>
          )}
          <Descriptions.Item label="Schema">{source.schema ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Columns">{source.columns.length}</Descriptions.Item>
        </Descriptions>
        {otherErrors.length === 0 ? null : (
          <Alert
            type="error"
            showIcon
            data-test="dataset-field-errors"
            title={
              <Flex vertical>
                {otherErrors.map((text) => (
                  <span key={text}>{text}</span>
                ))}
              </Flex>
            }
          />
        )}
      </Flex>
    </Modal>
  );
}
