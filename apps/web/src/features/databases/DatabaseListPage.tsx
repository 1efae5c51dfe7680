import { DeleteOutlined, EditOutlined, FolderOpenOutlined } from '@ant-design/icons';
import type { Database } from '@tessera/contracts';
import { Button, Empty, Flex, Input, Table, Tooltip, Typography, type TableProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { databaseBrowsePath } from '../../app/paths';
import { ErrorMessage } from '../../shared/errors/ErrorMessage';
import { errorText } from '../../shared/errors/to-api-error';
import { useToasts } from '../../shared/toasts/use-toasts';
import { BooleanCell } from '../../shared/ui/BooleanCell';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import {
  LIST_PAGE_SIZE,
  buildListQuery,
  listAfterTableChange,
  type ListState,
} from '../../shared/ui/list-query';
import { useDeleteDatabaseMutation, useListDatabasesQuery } from './databases-api';

// The modal (antd Form, Collapse, Checkbox, Select) loads when it is first opened, not with the list.
const DatabaseModal = lazy(() =>
  import('./DatabaseModal').then((module) => ({ default: module.DatabaseModal })),
);

type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; database: Database };

function createdBy(database: Database): string {
  if (database.created_by === null) return '';
  return `${database.created_by.first_name} ${database.created_by.last_name}`.trim();
}

/** /databaseview/list/: the database connections, with search, sort, paging, and create/edit/delete/browse. */
export function DatabaseListPage() {
  const [list, setList] = useState<ListState>({
    search: '',
    page: 0,
    sortColumn: 'changed_on',
    sortDirection: 'desc',
  });
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<Database | null>(null);
  const { data, error, isFetching, refetch } = useListDatabasesQuery(buildListQuery(list, 'database_name'));
  const [deleteDatabase, deleteState] = useDeleteDatabaseMutation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const navigate = useNavigate();

  const sortOrder = (column: string) =>
    list.sortColumn === column
      ? list.sortDirection === 'desc'
        ? ('descend' as const)
        : ('ascend' as const)
      : null;

  const columns: TableProps<Database>['columns'] = [
    {
      title: 'Name',
      dataIndex: 'database_name',
      key: 'database_name',
      sorter: true,
      sortOrder: sortOrder('database_name'),
      render: (_value, database) => (
        <Link data-test="database-name-link" to={databaseBrowsePath(database.id)}>
          {database.database_name}
        </Link>
      ),
    },
    { title: 'Backend', dataIndex: 'backend', key: 'backend' },
    {
      title: 'SQL Lab',
      dataIndex: 'expose_in_sqllab',
      key: 'expose_in_sqllab',
      sorter: true,
      sortOrder: sortOrder('expose_in_sqllab'),
      align: 'center',
      render: (value: boolean) => <BooleanCell value={value} />,
    },
    {
      title: 'Async',
      dataIndex: 'allow_run_async',
      key: 'allow_run_async',
      sorter: true,
      sortOrder: sortOrder('allow_run_async'),
      align: 'center',
      render: (value: boolean) => <BooleanCell value={value} />,
    },
    {
      title: 'DML',
      dataIndex: 'allow_dml',
      key: 'allow_dml',
      sorter: true,
      sortOrder: sortOrder('allow_dml'),
      align: 'center',
      render: (value: boolean) => <BooleanCell value={value} />,
    },
    {
      title: 'CSV upload',
      dataIndex: 'allow_file_upload',
      key: 'allow_file_upload',
      sorter: true,
      sortOrder: sortOrder('allow_file_upload'),
      align: 'center',
      render: (value: boolean) => <BooleanCell value={value} />,
    },
    { title: 'Created by', key: 'created_by', render: (_value, database) => createdBy(database) },
    {
      title: 'Last modified',
      dataIndex: 'changed_on_delta_humanized',
      key: 'changed_on',
      sorter: true,
      sortOrder: sortOrder('changed_on'),
      render: (value: string, database) => (
        <Tooltip title={database.changed_on}>
          <span>{value}</span>
        </Tooltip>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, database) => (
        <Flex gap={4} justify="flex-end">
          <Tooltip title="Browse">
            <Button
              data-test="database-browse"
              type="text"
              size="small"
              aria-label={`Browse ${database.database_name}`}
              icon={<FolderOpenOutlined />}
              onClick={() => void navigate(databaseBrowsePath(database.id))}
            />
          </Tooltip>
          <Tooltip title="Edit">
            <Button
              data-test="database-edit"
              type="text"
              size="small"
              aria-label={`Edit ${database.database_name}`}
              icon={<EditOutlined />}
              onClick={() => setModal({ mode: 'edit', database })}
            />
          </Tooltip>
          <Tooltip title="Delete">
            <Button
              data-test="database-delete"
              type="text"
              size="small"
              danger
              aria-label={`Delete ${database.database_name}`}
              icon={<DeleteOutlined />}
              onClick={() => setToDelete(database)}
            />
          </Tooltip>
        </Flex>
      ),
    },
  ];

  const onTableChange: TableProps<Database>['onChange'] = (pagination, _filters, sorter) => {
    setList((current) => listAfterTableChange(current, pagination.current, sorter));
  };

  const onConfirmDelete = async () => {
    if (toDelete === null) return;
    const result = await deleteDatabase(toDelete.id);
    if ('error' in result)
      addDangerToast(`Could not delete ${toDelete.database_name}: ${errorText(result.error)}`);
    else addSuccessToast(`Deleted: ${toDelete.database_name}`);
    setToDelete(null);
  };

  return (
    <Flex vertical gap={16} data-test="database-list-page">
      <Flex align="center" justify="space-between" gap={16} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Databases
        </Typography.Title>
        <Flex gap={8} wrap>
          <Input.Search
            data-test="database-search"
            placeholder="Search by name"
            allowClear
            style={{ width: 280 }}
            onSearch={(search) => setList((current) => ({ ...current, search, page: 0 }))}
          />
          <Button data-test="database-add" type="primary" onClick={() => setModal({ mode: 'create' })}>
            + Database
          </Button>
        </Flex>
      </Flex>
      {error === undefined ? null : (
        <ErrorMessage
          title="Could not load databases"
          error={error}
          action={
            <Button size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        />
      )}
      <Table<Database>
        data-test="database-table"
        rowKey="id"
        columns={columns}
        dataSource={data?.result ?? []}
        loading={isFetching}
        onChange={onTableChange}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              data-test="database-empty"
              description={list.search.trim() === '' ? 'No databases yet' : 'No databases match your search'}
            />
          ),
        }}
        pagination={{
          current: list.page + 1,
          pageSize: LIST_PAGE_SIZE,
          total: data?.count ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
      />
      {modal.mode === 'closed' ? null : (
        <Suspense fallback={null}>
          <DatabaseModal
            key={modal.mode === 'edit' ? modal.database.id : 'new'}
            database={modal.mode === 'edit' ? modal.database : undefined}
            onClose={() => setModal({ mode: 'closed' })}
            onSaved={() => setModal({ mode: 'closed' })}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete database?"
        okText="Delete"
        danger
        loading={deleteState.isLoading}
        onConfirm={() => void onConfirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <Typography.Paragraph>
          The connection <Typography.Text strong>{toDelete?.database_name}</Typography.Text> will be removed.
        </Typography.Paragraph>
      </ConfirmDialog>
    </Flex>
  );
}
