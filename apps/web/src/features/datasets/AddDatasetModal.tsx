import { skipToken } from '@reduxjs/toolkit/query';
import { MODAL_DEFAULT_WIDTH } from '@tessera/contracts';
import { Alert, Button, Flex, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { toApiError } from '../../shared/errors/to-api-error';
import { useToasts } from '../../shared/toasts/use-toasts';
import { useGetSchemasQuery, useGetTablesQuery, useListDatabasesQuery } from '../databases/databases-api';
import { useCreateDatasetMutation } from './datasets-api';
import { FIELD_LABELS } from './save-dataset';

interface AddDatasetModalProps {
  onClose: () => void;
  onCreated: (id: number) => void;
}

const LABELS: Record<string, string> = { ...FIELD_LABELS, table_name: 'Table' };

/** A physical dataset: pick database, schema and table; the server reads the table's columns. */
export function AddDatasetModal({ onClose, onCreated }: AddDatasetModalProps) {
  const [databaseId, setDatabaseId] = useState<number | null>(null);
  const [schema, setSchema] = useState<string | null>(null);
  const [table, setTable] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const databases = useListDatabasesQuery({
    filters: [],
    order_column: 'database_name',
    order_direction: 'asc',
    page: 0,
    page_size: 100,
  });
  const schemas = useGetSchemasQuery(databaseId ?? skipToken);
  const tables = useGetTablesQuery(
    databaseId !== null && schema !== null ? { databaseId, schema } : skipToken,
  );
  const [createDataset, createState] = useCreateDatasetMutation();
  const { addSuccessToast } = useToasts();

  const create = async () => {
    if (databaseId === null || table === null) return;
    setErrors([]);
    const result = await createDataset({ database: databaseId, schema, table_name: table });
    if ('data' in result && result.data !== undefined) {
      addSuccessToast(`Dataset ${result.data.data.table_name} was created`);
      onCreated(result.data.id);
      return;
    }
    const error = toApiError('error' in result ? result.error : undefined);
    const fields = error?.fieldErrors;
    setErrors(
      fields === undefined
        ? [error?.error ?? 'The dataset could not be created.']
        : Object.entries(fields).flatMap(([field, texts]) =>
            texts.map((text) => `${LABELS[field] ?? field}: ${text}`),
          ),
    );
  };

  return (
    <Modal
      open
      title="New dataset"
      width={Math.round(MODAL_DEFAULT_WIDTH * 0.75)}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" data-test="add-dataset-cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button
          key="create"
          type="primary"
          data-test="add-dataset-create"
          disabled={databaseId === null || table === null}
          loading={createState.isLoading}
          onClick={() => void create()}
        >
          Create dataset
        </Button>,
      ]}
    >
      <Flex vertical gap={12} data-test="add-dataset-modal">
        <label>
          <Typography.Text>Database</Typography.Text>
          <Select<number>
            data-test="add-dataset-database"
            aria-label="Database"
            placeholder="Choose a database"
            showSearch={{ optionFilterProp: 'label' }}
            loading={databases.isFetching}
            value={databaseId ?? undefined}
            options={(databases.data?.result ?? []).map((database) => ({
              value: database.id,
              label: database.database_name,
            }))}
            onChange={(value) => {
              setDatabaseId(value);
              setSchema(null);
              setTable(null);
            }}
            style={{ width: '100%' }}
          />
        </label>
        <label>
          <Typography.Text>Schema</Typography.Text>
          <Select<string>
            data-test="add-dataset-schema"
            aria-label="Schema"
            placeholder="Choose a schema"
            showSearch={{ optionFilterProp: 'label' }}
            disabled={databaseId === null}
            loading={schemas.isFetching}
            value={schema ?? undefined}
            options={(schemas.currentData ?? []).map((name) => ({ value: name, label: name }))}
            onChange={(value) => {
              setSchema(value);
              setTable(null);
            }}
            style={{ width: '100%' }}
          />
        </label>
        <label>
          <Typography.Text>Table</Typography.Text>
          <Select<string>
            data-test="add-dataset-table"
            aria-label="Table"
            placeholder="Choose a table"
            showSearch={{ optionFilterProp: 'label' }}
            disabled={schema === null}
            loading={tables.isFetching}
            value={table ?? undefined}
            options={(tables.currentData?.result ?? []).map((item) => ({
              value: item.value,
              label: item.value,
            }))}
            onChange={setTable}
            style={{ width: '100%' }}
          />
        </label>
        {errors.length === 0 ? null : (
          <Alert
            type="error"
            showIcon
            data-test="add-dataset-errors"
            title={
              <Flex vertical>
                {errors.map((text) => (
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
