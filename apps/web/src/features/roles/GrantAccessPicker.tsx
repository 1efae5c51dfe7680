import type { RolePermission } from '@tessera/contracts';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/errors/to-api-error';
import { useToasts } from '../../shared/toasts/use-toasts';
import { AsyncSelect } from '../../shared/ui/async-select/AsyncSelect';
import type { AsyncSelectOption } from '../../shared/ui/async-select/async-select-rules';
import { useDatabaseChoices, useSchemaChoices } from '../databases/database-choices';
import { useDatasetChoices } from '../datasets/dataset-choices';
import { useGrantAccessMutation } from './roles-api';

/**
 * A database alone grants the whole database; adding a schema narrows the grant to it, and a dataset
 * to that dataset. The grant is saved at once and shows among the role's permissions.
 */
export function GrantAccessPicker({
  roleId,
  onGranted,
}: {
  roleId: number;
  onGranted: (pair: RolePermission) => void;
}) {
  // The picked database, schema and dataset with their labels.
  const [database, setDatabase] = useState<AsyncSelectOption | null>(null);
  const [schema, setSchema] = useState<AsyncSelectOption | null>(null);
  const [dataset, setDataset] = useState<AsyncSelectOption | null>(null);
  const databaseId = database === null ? undefined : Number(database.value);
  const schemaName = schema === null ? undefined : String(schema.value);
  const datasetId = dataset === null ? undefined : Number(dataset.value);
  const fetchDatabases = useDatabaseChoices({ sqlLabOnly: false });
  const fetchSchemas = useSchemaChoices(databaseId ?? null);
  const fetchDatasets = useDatasetChoices(
    databaseId === undefined ? undefined : { databaseId, schema: schemaName ?? null },
  );
  const [grant, grantState] = useGrantAccessMutation();
  const { addSuccessToast, addDangerToast } = useToasts();

  const what = datasetId !== undefined ? 'dataset' : schemaName !== undefined ? 'schema' : 'database';
  const onGrant = async () => {
    if (databaseId === undefined) return;
    const result = await grant({
      id: roleId,
      grant: {
        database_id: databaseId,
        ...(schemaName === undefined ? {} : { schema: schemaName }),
        ...(datasetId === undefined ? {} : { dataset_id: datasetId }),
      },
    });
    if ('error' in result) {
      addDangerToast(`Could not grant access: ${errorText(result.error)}`);
      return;
    }
    addSuccessToast(`Granted ${result.data.permission_name} on ${result.data.view_menu_name}`);
    onGranted(result.data);
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        <div style={{ width: 200 }}>
          <AsyncSelect
            data-test="grant-database"
            aria-label="Database"
            placeholder="Database"
            fetchOptions={fetchDatabases}
            value={database}
            onChange={(choice) => {
              setDatabase(choice);
              setSchema(null);
              setDataset(null);
            }}
          />
        </div>
        <div style={{ width: 160 }}>
          <AsyncSelect
            data-test="grant-schema"
            aria-label="Schema"
            placeholder="All schemas"
            allowClear
            disabled={databaseId === undefined}
            fetchOptions={fetchSchemas}
            reloadKey={String(databaseId ?? '')}
            value={schema}
            onChange={(choice) => {
              setSchema(choice);
              setDataset(null);
            }}
          />
        </div>
        <div style={{ width: 180 }}>
          <AsyncSelect
            data-test="grant-dataset"
            aria-label="Dataset"
            placeholder="All datasets"
            allowClear
            disabled={databaseId === undefined}
            fetchOptions={fetchDatasets}
            reloadKey={`${String(databaseId ?? '')}/${schemaName ?? ''}`}
            value={dataset}
            onChange={setDataset}
          />
        </div>
        <Button
          data-test="grant-submit"
          disabled={databaseId === undefined}
          loading={grantState.isLoading}
          onClick={() => void onGrant()}
        >
          Grant {what} access
        </Button>
      </Flex>
      <Typography.Text type="secondary">
        A database alone grants all of it; a schema or a dataset narrows the grant.
      </Typography.Text>
    </Flex>
  );
}
