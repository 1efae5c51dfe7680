import { DeleteOutlined, EditOutlined, FolderOpenOutlined } from '@ant-design/icons';
import type { Database } from '@tessera/contracts';
import { Button, Flex, type TableProps } from 'antd';
import { Suspense, useCallback, useState } from 'react';
import { lazyComponent } from '../../shared/lazy/lazy-component';
import { Link, useNavigate } from 'react-router';
import { databaseBrowsePath } from '../../app/paths';
import { ListPage } from '../../shared/list-page/ListPage';
import { useListState } from '../../shared/list-page/use-list-state';
import { usePermissions } from '../../shared/session/use-permissions';
import { BooleanCell } from '../../shared/ui/BooleanCell';
import { RowActionButton } from '../../shared/ui/RowActionButton';
import { ExportRowAction } from '../../shared/bundles/ExportRowAction';
import { lastModifiedColumn } from '../../shared/ui/last-modified-column';
import { useAddParam } from '../../shared/ui/use-add-param';
import { buildListQuery, tableSortOrder } from '../../shared/ui/list-query';
import { DatabaseDeleteDialog } from './DatabaseDeleteDialog';
import { useListDatabasesQuery } from './databases-api';
import { SecurityWarningIcon } from './SecurityWarnings';

// The modal (antd Form, Collapse, Checkbox, Select) loads when it is first opened, not with the list.
const DatabaseModal = lazyComponent(() => import('./DatabaseModal').then((module) => module.DatabaseModal));

type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; database: Database };

function createdBy(database: Database): string {
  if (database.created_by === null) return '';
  return `${database.created_by.first_name} ${database.created_by.last_name}`.trim();
}

/** /databaseview/list/: the database connections, with search, sort, paging, and create/edit/delete/browse. */
export function DatabaseListPage() {
  const [list, setList] = useListState({ column: 'changed_on', direction: 'desc' });
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<Database | null>(null);
  const writes = usePermissions().can('can_write', 'Database');
  useAddParam(
    useCallback(() => {
      if (writes) setModal({ mode: 'create' });
    }, [writes]),
  );
  const { data, error, isFetching, refetch } = useListDatabasesQuery(buildListQuery(list, 'database_name'));
  const navigate = useNavigate();

  const columns: TableProps<Database>['columns'] = [
    {
      title: 'Name',
      dataIndex: 'database_name',
      key: 'database_name',
      sorter: true,
      sortOrder: tableSortOrder(list, 'database_name'),
      render: (_value, database) => (
        <>
          <Link data-test="database-name-link" to={databaseBrowsePath(database.id)}>
            {database.database_name}
          </Link>
          <SecurityWarningIcon warnings={database.security_warnings} />
        </>
      ),
    },
    { title: 'Backend', dataIndex: 'backend', key: 'backend' },
    {
      title: 'SQL Lab',
      dataIndex: 'expose_in_sqllab',
      key: 'expose_in_sqllab',
      sorter: true,
      sortOrder: tableSortOrder(list, 'expose_in_sqllab'),
      align: 'center',
      render: (value: boolean) => <BooleanCell value={value} />,
    },
    {
      title: 'Async',
      dataIndex: 'allow_run_async',
      key: 'allow_run_async',
      sorter: true,
      sortOrder: tableSortOrder(list, 'allow_run_async'),
      align: 'center',
      render: (value: boolean) => <BooleanCell value={value} />,
    },
    {
      title: 'DML',
      dataIndex: 'allow_dml',
      key: 'allow_dml',
      sorter: true,
      sortOrder: tableSortOrder(list, 'allow_dml'),
      align: 'center',
      render: (value: boolean) => <BooleanCell value={value} />,
    },
    {
      title: 'CSV upload',
      dataIndex: 'allow_file_upload',
      key: 'allow_file_upload',
      sorter: true,
      sortOrder: tableSortOrder(list, 'allow_file_upload'),
      align: 'center',
      render: (value: boolean) => <BooleanCell value={value} />,
    },
    { title: 'Created by', key: 'created_by', render: (_value, database) => createdBy(database) },
    lastModifiedColumn<Database>(list, 'changed_on', (database) => database.changed_on),
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, database) => (
        <Flex gap={4} justify="flex-end">
          <RowActionButton
            title="Browse"
            data-test="database-browse"
            aria-label={`Browse ${database.database_name}`}
            icon={<FolderOpenOutlined />}
            onClick={() => void navigate(databaseBrowsePath(database.id))}
          />
          <ExportRowAction resource="database" id={database.id} name={database.database_name} />
          {writes ? (
            <>
              <RowActionButton
                title="Edit"
                data-test="database-edit"
                aria-label={`Edit ${database.database_name}`}
                icon={<EditOutlined />}
                onClick={() => setModal({ mode: 'edit', database })}
              />
              <RowActionButton
                title="Delete"
                data-test="database-delete"
                danger
                aria-label={`Delete ${database.database_name}`}
                icon={<DeleteOutlined />}
                onClick={() => setToDelete(database)}
              />
            </>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <ListPage<Database>
      data-test="database-list-page"
      title="Databases"
      search={{ 'data-test': 'database-search', placeholder: 'Search by name' }}
      primaryAction={
        writes ? (
          <Button data-test="database-add" type="primary" onClick={() => setModal({ mode: 'create' })}>
            + Database
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
      errorTitle="Could not load databases"
      table={{ 'data-test': 'database-table', columns }}
      bundles={{ resource: 'database', canImport: writes }}
      empty={{
        'data-test': 'database-empty',
        description: list.search.trim() === '' ? 'No databases yet' : 'No databases match your search',
      }}
    >
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
      {toDelete === null ? null : (
        <DatabaseDeleteDialog key={toDelete.id} database={toDelete} onClose={() => setToDelete(null)} />
      )}
    </ListPage>
  );
}
