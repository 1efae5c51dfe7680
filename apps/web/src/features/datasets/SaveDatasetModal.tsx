import { MODAL_DEFAULT_WIDTH } from '@tessera/contracts';
import { Alert, Button, Descriptions, Flex, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { toApiError } from '../../shared/errors/to-api-error';
import { useToasts } from '../../shared/toasts/use-toasts';
import { exploreDatasetPath } from '../explore/paths';
import { useCreateDatasetMutation, useOverwriteDatasetMutation } from './datasets-api';
import { OverwriteDatasetSelect } from './OverwriteDatasetSelect';
import {
  CREATE_FAILED_MESSAGE,
  FIELD_LABELS,
  NAME_REQUIRED,
  OVERWRITE_CONFIRM,
  OVERWRITE_FAILED_MESSAGE,
  OVERWRITE_REQUIRED,
  datasetCreateBody,
  datasetOverwriteBody,
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

type Mode = 'new' | 'overwrite';

/**
 * "Save dataset" from a SQL Lab result: a new virtual dataset (POST /api/v1/dataset/ with the query's
 * database, schema, SQL, template parameters and result columns), or, after a confirmation, the
 * query's SQL and columns over one of the user's own datasets. 'Save & explore' then opens Explore on
 * it. Server field messages land on the name or in a list under it.
 */
export function SaveDatasetModal({
  source,
  initialName,
  databaseName,
  onClose,
  onSaved,
}: SaveDatasetModalProps) {
  const [mode, setMode] = useState<Mode>('new');
  const [name, setName] = useState(initialName);
  const [target, setTarget] = useState<{ id: number; name: string } | null>(null);
  const [confirming, setConfirming] = useState<{ explore: boolean } | null>(null);
  const [touched, setTouched] = useState(false);
  const [nameErrors, setNameErrors] = useState<string[]>([]);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [createDataset, createState] = useCreateDatasetMutation();
  const [overwriteDataset, overwriteState] = useOverwriteDatasetMutation();
  const userId = useAppSelector((state) => state.session.user?.id ?? null);
  const navigate = useNavigate();
  const { addSuccessToast, addDangerToast } = useToasts();
  const missing = mode === 'new' ? name.trim() === '' : target === null;

  const finish = (id: number, explore: boolean) => {
    onSaved?.(id);
    onClose();
    if (explore) void navigate(exploreDatasetPath(id));
  };

  const showError = (error: ReturnType<typeof toApiError>, fallback: string) => {
    const fields = error?.fieldErrors;
    if (fields === undefined) {
      setOtherErrors([error?.error ?? fallback]);
      return;
    }
    setNameErrors(fields.table_name ?? []);
    setOtherErrors(
      Object.entries(fields)
        .filter(([field]) => field !== 'table_name')
        .flatMap(([field, texts]) => texts.map((text) => `${FIELD_LABELS[field] ?? field}: ${text}`)),
    );
  };

  const create = async (explore: boolean) => {
    const result = await createDataset(datasetCreateBody(source, name));
    if ('data' in result && result.data !== undefined) {
      addSuccessToast(`Dataset ${result.data.data.table_name} was created`);
      finish(result.data.id, explore);
      return;
    }
    addDangerToast(CREATE_FAILED_MESSAGE);
    showError(toApiError('error' in result ? result.error : undefined), CREATE_FAILED_MESSAGE);
  };

  const overwrite = async (explore: boolean) => {
    if (target === null) return;
    setConfirming(null);
    const result = await overwriteDataset({ id: target.id, body: datasetOverwriteBody(source) });
    if ('data' in result && result.data !== undefined) {
      addSuccessToast(`Dataset ${result.data.table_name} was overwritten`);
      finish(target.id, explore);
      return;
    }
    addDangerToast(OVERWRITE_FAILED_MESSAGE);
    showError(toApiError('error' in result ? result.error : undefined), OVERWRITE_FAILED_MESSAGE);
  };

  const save = (explore: boolean) => {
    setTouched(true);
    if (missing) return;
    setNameErrors([]);
    setOtherErrors([]);
    if (mode === 'new') void create(explore);
    else setConfirming({ explore });
  };

  const busy = createState.isLoading || overwriteState.isLoading;
  const shownNameErrors = touched && missing && mode === 'new' ? [NAME_REQUIRED] : nameErrors;
  const footer =
    confirming === null
      ? [
          <Button key="cancel" data-test="dataset-modal-cancel" onClick={onClose}>
            Cancel
          </Button>,
          <Button key="save" data-test="dataset-modal-save" loading={busy} onClick={() => save(false)}>
            {mode === 'new' ? 'Save' : 'Overwrite'}
          </Button>,
          <Button
            key="explore"
            type="primary"
            data-test="dataset-modal-save-explore"
            loading={busy}
            onClick={() => save(true)}
          >
            {mode === 'new' ? 'Save & explore' : 'Overwrite & explore'}
          </Button>,
        ]
      : [
          <Button key="back" data-test="dataset-overwrite-back" onClick={() => setConfirming(null)}>
            Back
          </Button>,
          <Button
            key="confirm"
            type="primary"
            danger
            data-test="dataset-overwrite-confirm"
            loading={busy}
            onClick={() => void overwrite(confirming.explore)}
          >
            Yes, overwrite
          </Button>,
        ];

  return (
    <Modal
      open
      title="Save or Overwrite Dataset"
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      footer={footer}
    >
      {confirming !== null && target !== null ? (
        <Alert
          type="warning"
          showIcon
          data-test="dataset-overwrite-confirmation"
          title={OVERWRITE_CONFIRM}
          description={`The SQL and columns of ${target.name} will be replaced by this query's. Charts built on it keep their settings.`}
        />
      ) : (
        <Flex vertical gap={12} data-test="save-dataset-modal">
          <Radio.Group
            data-test="dataset-save-mode"
            value={mode}
            onChange={(event) => {
              setMode(event.target.value === 'overwrite' ? 'overwrite' : 'new');
              setTouched(false);
            }}
          >
            <Flex vertical gap={8}>
              <Radio value="new" data-test="dataset-save-new">
                Save as new
              </Radio>
              {mode === 'new' ? (
                <label>
                  <Input
                    data-test="dataset-name"
                    aria-label="Dataset name"
                    value={name}
                    maxLength={250}
                    status={shownNameErrors.length > 0 ? 'error' : undefined}
                    onChange={(event) => setName(event.target.value)}
                    onPressEnter={() => save(false)}
                  />
                  {shownNameErrors.map((text) => (
                    <Typography.Text key={text} type="danger" data-test="dataset-name-error">
                      {text}
                    </Typography.Text>
                  ))}
                </label>
              ) : null}
              <Radio value="overwrite" data-test="dataset-save-overwrite" disabled={userId === null}>
                Overwrite existing
              </Radio>
              {mode === 'overwrite' && userId !== null ? (
                <div>
                  <OverwriteDatasetSelect
                    dbId={source.dbId}
                    userId={userId}
                    value={target?.id ?? null}
                    onChange={setTarget}
                    status={touched && missing ? 'error' : undefined}
                  />
                  {touched && missing ? (
                    <Typography.Text type="danger" data-test="dataset-overwrite-error">
                      {OVERWRITE_REQUIRED}
                    </Typography.Text>
                  ) : null}
                </div>
              ) : null}
            </Flex>
          </Radio.Group>
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
      )}
    </Modal>
  );
}
