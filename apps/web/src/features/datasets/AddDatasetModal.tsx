import { MODAL_DEFAULT_WIDTH } from '@tessera/contracts';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { toApiError } from '../../shared/errors/to-api-error';
import { useToasts } from '../../shared/toasts/use-toasts';
import { AsyncSelect } from '../../shared/ui/async-select/AsyncSelect';
import type { AsyncSelectOption } from '../../shared/ui/async-select/async-select-rules';
import { useDatabaseChoices, useSchemaChoices, useTableChoices } from '../databases/database-choices';
import { useCreateDatasetMutation } from './datasets-api';
import { FIELD_LABELS } from './save-dataset';

interface AddDatasetModalProps {
  onClose: () => void;
  onCreated: (id: number) => void;
}

const LABELS: Record<string, string> = { ...FIELD_LABELS, table_name: 'Table' };

/** A physical dataset: pick database, schema and table; the server reads the table's columns. */
export function AddDatasetModal({ onClose, onCreated }: AddDatasetModalProps) {
  const [database, setDatabase] = useState<AsyncSelectOption | null>(null);
  const [schemaChoice, setSchemaChoice] = useState<AsyncSelectOption | null>(null);
  const [tableChoice, setTableChoice] = useState<AsyncSelectOption | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const databaseId = typeof database?.value === 'number' ? database.value : null;
  const schema = schemaChoice === null ? null : String(schemaChoice.value);
  const table = tableChoice === null ? null : String(tableChoice.value);
  const fetchDatabases = useDatabaseChoices({ sqlLabOnly: false });
  const fetchSchemas = useSchemaChoices(databaseId);
  const fetchTables = useTableChoices(databaseId, schema);
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
          <AsyncSelect
            data-test="add-dataset-database"
            aria-label="Database"
            placeholder="Choose a database"
            fetchOptions={fetchDatabases}
            value={database}
            onChange={(value) => {
              setDatabase(value);
              setSchemaChoice(null);
              setTableChoice(null);
            }}
          />
        </label>
        <label>
          <Typography.Text>Schema</Typography.Text>
          <AsyncSelect
            data-test="add-dataset-schema"
            aria-label="Schema"
            placeholder="Choose a schema"
            disabled={databaseId === null}
            reloadKey={String(databaseId)}
            fetchOptions={fetchSchemas}
            value={schemaChoice}
            onChange={(value) => {
              setSchemaChoice(value);
              setTableChoice(null);
            }}
          />
        </label>
        <label>
          <Typography.Text>Table</Typography.Text>
          <AsyncSelect
            data-test="add-dataset-table"
            aria-label="Table"
            placeholder="Choose a table"
            disabled={schema === null}
            reloadKey={`${String(databaseId)}|${schema ?? ''}`}
            fetchOptions={fetchTables}
            value={tableChoice}
            onChange={setTableChoice}
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
