import { CodeOutlined, CompassOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { DatasetListItem } from '@tessera/contracts';
import { Button, Flex, Tag, Typography, type TableProps } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { exploreDatasetPath } from '../explore/paths';
import { sqlLabDatasetPath } from '../sqllab/dataset/sql-lab-links';
import { errorText } from '../../shared/errors/to-api-error';
import { ListPage } from '../../shared/list-page/ListPage';
import { useListState } from '../../shared/list-page/use-list-state';
import { usePermissions } from '../../shared/session/use-permissions';
import { useToasts } from '../../shared/toasts/use-toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { AsyncSelect } from '../../shared/ui/async-select/AsyncSelect';
import type { AsyncSelectOption } from '../../shared/ui/async-select/async-select-rules';
import { useRelatedChoices } from '../../shared/ui/async-select/related-choices';
import { RowActionButton } from '../../shared/ui/RowActionButton';
import { ExportRowAction } from '../../shared/bundles/ExportRowAction';
import { lastModifiedColumn } from '../../shared/ui/last-modified-column';
import { useAddParam } from '../../shared/ui/use-add-param';
import { buildListQuery, tableSortOrder } from '../../shared/ui/list-query';
import { AddDatasetModal } from './AddDatasetModal';
import { DatasetEditModal } from './DatasetEditModal';
import { useDeleteDatasetMutation, useListDatasetsQuery } from './datasets-api';

function personName(user: DatasetListItem['created_by']): string {
  return user === null ? '' : `${user.first_name} ${user.last_name}`.trim();
}

/**
 * /tablemodelview/list/: the datasets the caller may read, with search, sort, paging, adding a
 * physical dataset, editing (settings, columns, metrics), Explore and delete.
 */
export function DatasetListPage() {
  const [list, setList] = useListState({ column: 'changed_on', direction: 'desc' });
  const [toDelete, setToDelete] = useState<DatasetListItem | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const permissions = usePermissions();
  const writes = permissions.can('can_write', 'Dataset');
  useAddParam(
    useCallback(() => {
      if (writes) setAdding(true);
    }, [writes]),
  );
  // The owner filter's pick with its label; the list asks for `owners rel_m_m <id>`.
  const [owner, setOwner] = useState<AsyncSelectOption | null>(null);
  const fetchOwners = useRelatedChoices('/api/v1/dataset/related/owners');
  const query = buildListQuery(list, 'table_name');
  const { data, error, isFetching, refetch } = useListDatasetsQuery(
    owner === null
      ? query
      : {
          ...query,
          filters: [...query.filters, { col: 'owners', opr: 'rel_m_m', value: Number(owner.value) }],
        },
  );
  const [deleteDataset, deleteState] = useDeleteDatasetMutation();
  const { addSuccessToast, addDangerToast } = useToasts();

  const columns: TableProps<DatasetListItem>['columns'] = [
    {
      title: 'Name',
      dataIndex: 'table_name',
      key: 'table_name',
      sorter: true,
      sortOrder: tableSortOrder(list, 'table_name'),
      render: (value: string, dataset) => (
        <Link data-test="dataset-name-cell" to={exploreDatasetPath(dataset.id)}>
          {value}
        </Link>
      ),
    },
    {
      title: 'Type',
      dataIndex: 'kind',
      key: 'kind',
      render: (value: DatasetListItem['kind']) => (
        <Tag color={value === 'virtual' ? 'blue' : undefined}>
          {value === 'virtual' ? 'Virtual' : 'Physical'}
        </Tag>
      ),
    },
    {
      title: 'Database',
      key: 'database.database_name',
      sorter: true,
      sortOrder: tableSortOrder(list, 'database.database_name'),
      render: (_value, dataset) => dataset.database.database_name,
    },
    {
      title: 'Schema',
      dataIndex: 'schema',
      key: 'schema',
      sorter: true,
      sortOrder: tableSortOrder(list, 'schema'),
    },
    { title: 'Created by', key: 'created_by', render: (_value, dataset) => personName(dataset.created_by) },
    lastModifiedColumn<DatasetListItem>(list, 'changed_on', (dataset) => dataset.changed_on_utc),
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, dataset) => (
        <Flex justify="flex-end" gap={4}>
          <RowActionButton
            title="Explore"
            data-test="dataset-explore"
            aria-label={`Explore ${dataset.table_name}`}
            icon={<CompassOutlined />}
            href={exploreDatasetPath(dataset.id)}
          />
          {permissions.sqlLab ? (
            <RowActionButton
              title="Open in SQL Lab"
              data-test="dataset-open-sqllab"
              aria-label={`Open ${dataset.table_name} in SQL Lab`}
              icon={<CodeOutlined />}
              href={sqlLabDatasetPath(dataset.id)}
            />
          ) : null}
          <ExportRowAction resource="dataset" id={dataset.id} name={dataset.table_name} />
          {writes ? (
            <>
              <RowActionButton
                title="Edit"
                data-test="dataset-edit"
                aria-label={`Edit ${dataset.table_name}`}
                icon={<EditOutlined />}
                onClick={() => setEditing(dataset.id)}
              />
              <RowActionButton
                title="Delete"
                data-test="dataset-delete"
                danger
                aria-label={`Delete ${dataset.table_name}`}
                icon={<DeleteOutlined />}
                onClick={() => setToDelete(dataset)}
              />
            </>
          ) : null}
        </Flex>
      ),
    },
  ];

  const onConfirmDelete = async () => {
    if (toDelete === null) return;
    const result = await deleteDataset(toDelete.id);
    if ('error' in result)
      addDangerToast(`Could not delete ${toDelete.table_name}: ${errorText(result.error)}`);
    else addSuccessToast(`Deleted: ${toDelete.table_name}`);
    setToDelete(null);
    void refetch();
  };

  return (
    <ListPage<DatasetListItem>
      data-test="dataset-list-page"
      title="Datasets"
      search={{ 'data-test': 'dataset-search', placeholder: 'Search by name' }}
      filters={{
        'data-test': 'dataset-filters',
        controls: (
          <div style={{ width: 180 }}>
            <AsyncSelect
              data-test="dataset-filter-owner"
              aria-label="Owner"
              placeholder="Owner"
              allowClear
              fetchOptions={fetchOwners}
              value={owner}
              onChange={(choice) => {
                setOwner(choice);
                setList((current) => ({ ...current, page: 0 }));
              }}
            />
          </div>
        ),
      }}
      primaryAction={
        writes ? (
          <Button
            type="primary"
            data-test="dataset-add"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
          >
            Dataset
          </Button>
        ) : null
      }
      list={list}
      onListChange={setList}
      result={{
        rows: data?.result ?? [],
        total: data?.count ?? 0,
        loading: isFetching,
        error,
        onRetry: () => void refetch(),
      }}
      errorTitle="Could not load datasets"
      table={{ 'data-test': 'dataset-table', columns }}
      bundles={{ resource: 'dataset', canImport: writes }}
      empty={{
        'data-test': 'dataset-empty',
        description:
          list.search.trim() === '' && owner === null ? 'No datasets yet' : 'No datasets match your search',
      }}
    >
      {adding ? (
        <AddDatasetModal
          onClose={() => setAdding(false)}
          onCreated={(id) => {
            setAdding(false);
            setEditing(id);
            void refetch();
          }}
        />
      ) : null}
      {editing === null ? null : (
        <DatasetEditModal
          datasetId={editing}
          onClose={() => setEditing(null)}
          onSaved={() => void refetch()}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete dataset?"
        okText="Delete"
        danger
        loading={deleteState.isLoading}
        onConfirm={() => void onConfirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <Typography.Paragraph>
          The dataset <Typography.Text strong>{toDelete?.table_name}</Typography.Text> will be removed.
        </Typography.Paragraph>
      </ConfirmDialog>
    </ListPage>
  );
}
