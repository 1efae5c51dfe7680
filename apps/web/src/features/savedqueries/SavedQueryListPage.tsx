import { DeleteOutlined, EditOutlined, EyeOutlined, LinkOutlined } from '@ant-design/icons';
import { MODAL_DEFAULT_WIDTH, type ListQuery, type SavedQuery } from '@tessera/contracts';
import { Button, Flex, Modal, Tooltip, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
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
import { buildListQuery, tableSortOrder, type ListState } from '../../shared/ui/list-query';
import { COPIED_MESSAGE, COPY_UNSUPPORTED_MESSAGE, copyText } from '../sqllab/results/clipboard';
import { tagsColumn } from '../tags/tags-column';
import { useTagging } from '../tags/use-tagging';
import { savedQuerySqlLabPath } from './paths';
import {
  useBulkDeleteSavedQueriesMutation,
  useDeleteSavedQueryMutation,
  useListSavedQueriesQuery,
  useUpdateSavedQueryMutation,
} from './saved-queries-api';
import { SaveQueryModal, type SaveQueryValues } from './SaveQueryModal';

/**
 * The search box looks in the name, description, SQL and database name at once; `createdBy` keeps the
 * queries that user saved.
 */
export function savedQueryListQuery(list: ListState, createdBy: number | null = null): ListQuery {
  const query = buildListQuery(list, 'label');
  const search = list.search.trim();
  return {
    ...query,
    filters: [
      ...(search === '' ? [] : [{ col: 'label', opr: 'all_text', value: search }]),
      ...(createdBy === null ? [] : [{ col: 'created_by', opr: 'rel_o_m', value: createdBy }]),
    ],
  };
}

const SQL_PREVIEW_CHARS = 80;

function sqlSnippet(sql: string): string {
  const oneLine = sql.replace(/\s+/g, ' ').trim();
  return oneLine.length > SQL_PREVIEW_CHARS ? `${oneLine.slice(0, SQL_PREVIEW_CHARS)}…` : oneLine;
}

/** /savedqueryview/list/: the caller's saved queries (Admin: everyone's) with search, sort, preview and changes. */
export function SavedQueryListPage() {
  const [list, setList] = useListState({ column: 'changed_on', direction: 'desc' });
  const [preview, setPreview] = useState<SavedQuery | null>(null);
  const [editing, setEditing] = useState<SavedQuery | null>(null);
  const [toDelete, setToDelete] = useState<SavedQuery | null>(null);
  // The created-by filter's pick with its label (an admin sees everyone's saved queries).
  const [creator, setCreator] = useState<AsyncSelectOption | null>(null);
  const fetchCreators = useRelatedChoices('/api/v1/saved_query/related/created_by');
  const { data, error, isFetching, refetch } = useListSavedQueriesQuery(
    savedQueryListQuery(list, creator === null ? null : Number(creator.value)),
  );
  const [deleteOne, deleteState] = useDeleteSavedQueryMutation();
  const [deleteMany] = useBulkDeleteSavedQueriesMutation();
  const [update, updateState] = useUpdateSavedQueryMutation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const permissions = usePermissions();
  const writes = permissions.can('can_write', 'SavedQuery');

  const copyLink = async (query: SavedQuery) => {
    const url = `${window.location.origin}${savedQuerySqlLabPath(query.id)}`;
    if (await copyText(url)) addSuccessToast(COPIED_MESSAGE);
    else addDangerToast(COPY_UNSUPPORTED_MESSAGE);
  };

  const tagging = useTagging();
  const columns: TableProps<SavedQuery>['columns'] = [
    {
      title: 'Name',
      dataIndex: 'label',
      key: 'label',
      sorter: true,
      sortOrder: tableSortOrder(list, 'label'),
      render: (_value, query) => (
        <Flex vertical>
          {permissions.sqlLab ? (
            <Link data-test="savedquery-label" to={savedQuerySqlLabPath(query.id)}>
              {query.label}
            </Link>
          ) : (
            <Typography.Text data-test="savedquery-label">{query.label}</Typography.Text>
          )}
          {query.description === '' ? null : (
            <Typography.Text type="secondary">{query.description}</Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: 'Database',
      key: 'database.database_name',
      sorter: true,
      sortOrder: tableSortOrder(list, 'database.database_name'),
      render: (_value, query) => query.database.database_name,
    },
    {
      title: 'Schema',
      dataIndex: 'schema',
      key: 'schema',
      sorter: true,
      sortOrder: tableSortOrder(list, 'schema'),
    },
    {
      title: 'SQL',
      key: 'sql',
      render: (_value, query) => (
        <Typography.Text code data-test="savedquery-sql">
          {sqlSnippet(query.sql)}
        </Typography.Text>
      ),
    },
    ...tagsColumn<SavedQuery>(tagging, 'savedquery-tags'),
    lastModifiedColumn<SavedQuery>(list, 'changed_on', (query) => query.changed_on),
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, query) => (
        <Flex gap={4} justify="flex-end">
          <RowActionButton
            title="Preview the SQL"
            data-test="savedquery-preview"
            aria-label={`Preview ${query.label}`}
            icon={<EyeOutlined />}
            onClick={() => setPreview(query)}
          />
          {permissions.sqlLab ? (
            <Tooltip title="Open in SQL Lab">
              <Link data-test="savedquery-open" to={savedQuerySqlLabPath(query.id)}>
                Open
              </Link>
            </Tooltip>
          ) : null}
          {writes ? (
            <RowActionButton
              title="Edit name and description"
              data-test="savedquery-edit"
              aria-label={`Edit ${query.label}`}
              icon={<EditOutlined />}
              onClick={() => setEditing(query)}
            />
          ) : null}
          {permissions.sqlLab ? (
            <RowActionButton
              title="Copy a link"
              data-test="savedquery-copy-link"
              aria-label={`Copy a link to ${query.label}`}
              icon={<LinkOutlined />}
              onClick={() => void copyLink(query)}
            />
          ) : null}
          <ExportRowAction resource="saved_query" id={query.id} name={query.label} />
          {writes ? (
            <RowActionButton
              title="Delete"
              data-test="savedquery-delete"
              danger
              aria-label={`Delete ${query.label}`}
              icon={<DeleteOutlined />}
              onClick={() => setToDelete(query)}
            />
          ) : null}
        </Flex>
      ),
    },
  ];

  const onConfirmDelete = async () => {
    if (toDelete === null) return;
    const result = await deleteOne(toDelete.id);
    if ('error' in result) addDangerToast(`Could not delete ${toDelete.label}: ${errorText(result.error)}`);
    else addSuccessToast(`Deleted: ${toDelete.label}`);
    setToDelete(null);
    void refetch();
  };

  const onBulkDelete = async (ids: number[]): Promise<boolean> => {
    const result = await deleteMany(ids);
    void refetch();
    if ('error' in result) {
      addDangerToast(`Could not delete the saved queries: ${errorText(result.error)}`);
      return false;
    }
    addSuccessToast(result.data.message);
    return true;
  };

  const onEdit = async (values: SaveQueryValues) => {
    if (editing === null) return;
    const result = await update({ id: editing.id, body: values });
    if ('error' in result) {
      addDangerToast(`Could not update ${editing.label}: ${errorText(result.error)}`);
      return;
    }
    addSuccessToast('Your query was updated');
    setEditing(null);
    void refetch();
  };

  return (
    <ListPage<SavedQuery>
      data-test="savedquery-list-page"
      title="Saved queries"
      search={{ 'data-test': 'savedquery-search', placeholder: 'Search name, SQL or database' }}
      filters={{
        'data-test': 'savedquery-filters',
        controls: (
          <div style={{ width: 180 }}>
            <AsyncSelect
              data-test="savedquery-filter-created-by"
              aria-label="Created by"
              placeholder="Created by"
              allowClear
              fetchOptions={fetchCreators}
              value={creator}
              onChange={(choice) => {
                setCreator(choice);
                setList((current) => ({ ...current, page: 0 }));
              }}
            />
          </div>
        ),
      }}
      list={list}
      onListChange={setList}
      result={{
        rows: data?.result ?? [],
        total: data?.count ?? 0,
        loading: isFetching,
        error,
        onRetry: () => void refetch(),
      }}
      errorTitle="Could not load saved queries"
      table={{ 'data-test': 'savedquery-table', columns }}
      bundles={{ resource: 'saved_query', canImport: writes }}
      empty={{
        'data-test': 'savedquery-empty',
        description:
          list.search.trim() === '' && creator === null
            ? 'No saved queries yet'
            : 'No saved queries match your search',
      }}
      bulkDelete={
        writes
          ? {
              'data-test': 'savedquery-bulk-delete',
              title: 'Delete saved queries?',
              describe: (count) =>
                `${count === 1 ? '1 saved query' : `${count} saved queries`} will be deleted.`,
              onDelete: onBulkDelete,
            }
          : undefined
      }
    >
      <Modal
        open={preview !== null}
        title={preview?.label}
        width={MODAL_DEFAULT_WIDTH}
        onCancel={() => setPreview(null)}
        destroyOnHidden
        footer={
          preview === null
            ? null
            : [
                <Button key="copy" onClick={() => void copyText(preview.sql)}>
                  Copy SQL
                </Button>,
                ...(permissions.sqlLab
                  ? [
                      <Link key="open" to={savedQuerySqlLabPath(preview.id)}>
                        <Button type="primary">Open in SQL Lab</Button>
                      </Link>,
                    ]
                  : []),
              ]
        }
      >
        <pre
          data-test="savedquery-preview-sql"
          style={{ whiteSpace: 'pre-wrap', maxHeight: 400, overflow: 'auto' }}
        >
          {preview?.sql}
        </pre>
      </Modal>
      {editing === null ? null : (
        <SaveQueryModal
          key={editing.id}
          title="Edit saved query"
          submitText="Save"
          initial={{ label: editing.label, description: editing.description }}
          saving={updateState.isLoading}
          onSubmit={(values) => void onEdit(values)}
          onCancel={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete saved query?"
        okText="Delete"
        danger
        loading={deleteState.isLoading}
        onConfirm={() => void onConfirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <Typography.Paragraph>
          The saved query <Typography.Text strong>{toDelete?.label}</Typography.Text> will be deleted.
        </Typography.Paragraph>
      </ConfirmDialog>
    </ListPage>
  );
}
