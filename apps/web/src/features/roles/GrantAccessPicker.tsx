import type { RolePermission } from '@tessera/contracts';
import { Button, Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/errors/to-api-error';
import { useToasts } from '../../shared/toasts/use-toasts';
import { useGetSchemasQuery, useListDatabasesQuery } from '../databases/databases-api';
import { useListDatasetsQuery } from '../datasets/datasets-api';
import { useGrantAccessMutation } from './roles-api';

const PICKER_PAGE = { filters: [], order_direction: 'asc' as const, page: 0, page_size: 200 };

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
  const [databaseId, setDatabaseId] = useState<number | undefined>();
  const [schema, setSchema] = useState<string | undefined>();
  const [datasetId, setDatasetId] = useState<number | undefined>();
  const databases = useListDatabasesQuery({ ...PICKER_PAGE, order_column: 'database_name' });
  const schemas = useGetSchemasQuery(databaseId ?? 0, { skip: databaseId === undefined });
  const datasets = useListDatasetsQuery(
    {
      ...PICKER_PAGE,
      order_column: 'table_name',
      filters: [
        { col: 'database', opr: 'rel_o_m', value: databaseId ?? 0 },
        ...(schema === undefined ? [] : [{ col: 'schema', opr: 'eq', value: schema }]),
      ],
    },
    { skip: databaseId === undefined },
  );
  const [grant, grantState] = useGrantAccessMutation();
  const { addSuccessToast, addDangerToast } = useToasts();

  const what = datasetId !== undefined ? 'dataset' : schema !== undefined ? 'schema' : 'database';
  const onGrant = async () => {
    if (databaseId === undefined) return;
    const result = await grant({
      id: roleId,
      grant: {
        database_id: databaseId,
        ...(schema === undefined ? {} : { schema }),
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
        <Select<number>
          data-test="grant-database"
          placeholder="Database"
          style={{ minWidth: 200 }}
          showSearch={{ optionFilterProp: 'label' }}
          loading={databases.isFetching}
          value={databaseId}
          options={(databases.data?.result ?? []).map((db) => ({ value: db.id, label: db.database_name }))}
          onChange={(id) => {
            setDatabaseId(id);
            setSchema(undefined);
            setDatasetId(undefined);
          }}
        />
        <Select<string>
          data-test="grant-schema"
          placeholder="All schemas"
          style={{ minWidth: 160 }}
          allowClear
          showSearch
          disabled={databaseId === undefined}
          loading={schemas.isFetching}
          value={schema}
          options={(schemas.data ?? []).map((name) => ({ value: name, label: name }))}
          onChange={(name) => {
            setSchema(name);
            setDatasetId(undefined);
          }}
        />
        <Select<number>
          data-test="grant-dataset"
          placeholder="All datasets"
          style={{ minWidth: 180 }}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          disabled={databaseId === undefined}
          loading={datasets.isFetching}
          value={datasetId}
          options={(datasets.data?.result ?? []).map((ds) => ({ value: ds.id, label: ds.table_name }))}
          onChange={setDatasetId}
        />
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
