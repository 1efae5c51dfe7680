import { SyncOutlined } from '@ant-design/icons';
import { MODAL_DEFAULT_WIDTH, type Dataset } from '@tessera/contracts';
import { Alert, Button, Flex, Input, Modal, Select, Spin, Tabs, Tooltip, Typography } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { ErrorMessage } from '../../shared/errors/ErrorMessage';
import { errorText, toApiError } from '../../shared/errors/to-api-error';
import { usePermissions } from '../../shared/session/use-permissions';
import { useToasts } from '../../shared/toasts/use-toasts';
import { AsyncSelect } from '../../shared/ui/async-select/AsyncSelect';
import type { FetchSelectOptions } from '../../shared/ui/async-select/async-select-rules';
import { DatasetColumnsTable } from './DatasetColumnsTable';
import { DatasetMetricsTable } from './DatasetMetricsTable';
import { sqlLabDatasetPath } from '../sqllab/dataset/sql-lab-links';
import { draftFromDataset, draftProblems, updateBodyFromDraft, type DatasetDraft } from './dataset-draft';
import {
  useGetDatasetQuery,
  useLazyDatasetOwnerOptionsQuery,
  useRefreshDatasetMutation,
  useUpdateDatasetMutation,
} from './datasets-api';

const FIELD_LABELS: Record<string, string> = {
  table_name: 'Name',
  description: 'Description',
  main_dttm_col: 'Default datetime',
  cache_timeout: 'Cache timeout',
  sql: 'SQL',
  columns: 'Columns',
  metrics: 'Metrics',
  owners: 'Owners',
};

interface DatasetEditModalProps {
  datasetId: number;
  onClose: () => void;
  onSaved?: () => void;
}

/** Edit a dataset: its settings, columns, calculated columns and metrics, and sync columns from the engine. */
export function DatasetEditModal({ datasetId, onClose, onSaved }: DatasetEditModalProps) {
  const { currentData: dataset, error, refetch } = useGetDatasetQuery(datasetId);
  let body: ReactNode;
  if (error !== undefined) {
    body = <ErrorMessage title="Could not load the dataset" error={error} />;
  } else if (dataset === undefined) {
    body = <Spin data-test="dataset-edit-loading" />;
  } else {
    // A sync changes changed_on, so the editor restarts from the server's columns.
    body = (
      <DatasetEditor
        key={dataset.changed_on}
        dataset={dataset}
        onClose={onClose}
        onSaved={onSaved}
        onSynced={() => void refetch()}
      />
    );
  }
  return (
    <Modal
      open
      title="Edit Dataset"
      width={Math.round(MODAL_DEFAULT_WIDTH * 1.5)}
      onCancel={onClose}
      destroyOnHidden
      footer={null}
    >
      {body}
    </Modal>
  );
}

interface DatasetEditorProps {
  dataset: Dataset;
  onClose: () => void;
  onSaved?: () => void;
  onSynced: () => void;
}

function DatasetEditor({ dataset, onClose, onSaved, onSynced }: DatasetEditorProps) {
  const [draft, setDraft] = useState<DatasetDraft>(() => draftFromDataset(dataset));
  const [errors, setErrors] = useState<string[]>([]);
  const [updateDataset, updateState] = useUpdateDatasetMutation();
  const [refreshDataset, refreshState] = useRefreshDatasetMutation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const { sqlLab } = usePermissions();
  const [listOwners] = useLazyDatasetOwnerOptionsQuery();
  const fetchOwners = useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      const response = await listOwners({ search, page, pageSize }, true).unwrap();
      return {
        options: response.result.map((candidate) => ({ value: candidate.value, label: candidate.text })),
        totalCount: response.count,
      };
    },
    [listOwners],
  );

  const change = (changes: Partial<DatasetDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const changeColumn = (key: string, changes: Partial<DatasetDraft['columns'][number]>) =>
    setDraft((current) => ({
      ...current,
      columns: current.columns.map((column) => (column.key === key ? { ...column, ...changes } : column)),
    }));
  const changeMetric = (key: string, changes: Partial<DatasetDraft['metrics'][number]>) =>
    setDraft((current) => ({
      ...current,
      metrics: current.metrics.map((metric) => (metric.key === key ? { ...metric, ...changes } : metric)),
    }));

  const save = async () => {
    const problems = draftProblems(draft);
    setErrors(problems);
    if (problems.length > 0) return;
    const result = await updateDataset({ id: dataset.id, body: updateBodyFromDraft(draft) });
    if ('data' in result && result.data !== undefined) {
      addSuccessToast(`Dataset ${result.data.table_name} was saved`);
      onSaved?.();
      onClose();
      return;
    }
    const apiError = toApiError('error' in result ? result.error : undefined);
    const fields = apiError?.fieldErrors;
    setErrors(
      fields === undefined
        ? [apiError?.error ?? 'The dataset could not be saved.']
        : Object.entries(fields).flatMap(([field, texts]) =>
            texts.map((text) => `${FIELD_LABELS[field] ?? field}: ${text}`),
          ),
    );
  };

  const sync = async () => {
    const result = await refreshDataset(dataset.id);
    if ('error' in result) {
      addDangerToast(`Could not sync columns: ${errorText(result.error)}`);
      return;
    }
    addSuccessToast('Columns were synced from the source');
    onSynced();
  };

  const physical = draft.columns.filter((column) => column.expression === null);
  const calculated = draft.columns.filter((column) => column.expression !== null);
  const temporal = draft.columns.filter((column) => column.is_dttm && column.column_name.trim() !== '');

  const settings = (
    <Flex vertical gap={12} data-test="dataset-settings">
      <label>
        <Typography.Text>Name</Typography.Text>
        <Input
          data-test="dataset-edit-name"
          value={draft.table_name}
          maxLength={250}
          onChange={(event) => change({ table_name: event.target.value })}
        />
      </label>
      <label>
        <Typography.Text>Description</Typography.Text>
        <Input.TextArea
          data-test="dataset-edit-description"
          value={draft.description}
          autoSize={{ minRows: 2, maxRows: 6 }}
          onChange={(event) => change({ description: event.target.value })}
        />
      </label>
      <label>
        <Typography.Text>Default datetime</Typography.Text>
        <Select<string>
          data-test="dataset-edit-main-dttm"
          aria-label="Default datetime"
          allowClear
          placeholder="No default time column"
          value={draft.main_dttm_col ?? undefined}
          options={temporal.map((column) => ({ value: column.column_name, label: column.column_name }))}
          onChange={(value: string | undefined) => change({ main_dttm_col: value ?? null })}
          style={{ width: '100%' }}
        />
      </label>
      <label>
        <Typography.Text>Owners</Typography.Text>
        <AsyncSelect
          mode="multiple"
          data-test="dataset-edit-owners"
          aria-label="Owners"
          placeholder="Owners"
          fetchOptions={fetchOwners}
          value={draft.owners.map((owner) => ({ value: owner.id, label: owner.name }))}
          onChange={(chosen) =>
            change({
              owners: chosen.map((option) => ({ id: Number(option.value), name: option.label })),
            })
          }
        />
      </label>
      <label>
        <Typography.Text>Cache timeout (seconds)</Typography.Text>
        <Input
          data-test="dataset-edit-cache-timeout"
          value={draft.cache_timeout}
          placeholder="The database's default"
          onChange={(event) => change({ cache_timeout: event.target.value })}
        />
      </label>
      {draft.sql === null ? null : (
        <label>
          <Typography.Text>SQL</Typography.Text>
          <Input.TextArea
            data-test="dataset-edit-sql"
            value={draft.sql}
            autoSize={{ minRows: 4, maxRows: 16 }}
            style={{ fontFamily: 'monospace' }}
            onChange={(event) => change({ sql: event.target.value })}
          />
        </label>
      )}
    </Flex>
  );

  return (
    <Flex vertical gap={12} data-test="dataset-edit-modal">
      {errors.length === 0 ? null : (
        <Alert
          type="error"
          showIcon
          data-test="dataset-edit-errors"
          title={
            <Flex vertical>
              {errors.map((text) => (
                <span key={text}>{text}</span>
              ))}
            </Flex>
          }
        />
      )}
      <Tabs
        items={[
          { key: 'settings', label: 'Settings', children: settings },
          {
            key: 'columns',
            label: `Columns (${physical.length})`,
            children: (
              <Flex vertical gap={8}>
                <Flex justify="flex-end">
                  <Tooltip title="Adds new columns of the source and updates types; unsaved edits here are discarded">
                    <Button
                      data-test="dataset-sync-columns"
                      icon={<SyncOutlined />}
                      loading={refreshState.isLoading}
                      onClick={() => void sync()}
                    >
                      Sync columns from source
                    </Button>
                  </Tooltip>
                </Flex>
                <DatasetColumnsTable calculated={false} columns={physical} onChange={changeColumn} />
              </Flex>
            ),
          },
          {
            key: 'calculated',
            label: `Calculated columns (${calculated.length})`,
            children: (
              <DatasetColumnsTable
                calculated
                columns={calculated}
                onChange={changeColumn}
                onAdd={(column) => change({ columns: [...draft.columns, column] })}
                onDelete={(key) => change({ columns: draft.columns.filter((column) => column.key !== key) })}
              />
            ),
          },
          {
            key: 'metrics',
            label: `Metrics (${draft.metrics.length})`,
            children: (
              <DatasetMetricsTable
                metrics={draft.metrics}
                onChange={changeMetric}
                onAdd={(metric) => change({ metrics: [...draft.metrics, metric] })}
                onDelete={(key) => change({ metrics: draft.metrics.filter((metric) => metric.key !== key) })}
              />
            ),
          },
        ]}
      />
      <Flex justify="flex-end" gap={8}>
        {sqlLab ? (
          <Button data-test="dataset-edit-open-sqllab" href={sqlLabDatasetPath(dataset.id)}>
            Open in SQL Lab
          </Button>
        ) : null}
        <Button data-test="dataset-edit-cancel" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="primary"
          data-test="dataset-edit-save"
          loading={updateState.isLoading}
          onClick={() => void save()}
        >
          Save
        </Button>
      </Flex>
    </Flex>
  );
}
