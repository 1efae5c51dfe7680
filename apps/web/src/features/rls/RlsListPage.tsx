import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { RlsRule } from '@tessera/contracts';
import { Button, Flex, Result, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { errorText } from '../../shared/errors/to-api-error';
import { ListPage } from '../../shared/list-page/ListPage';
import { useListState } from '../../shared/list-page/use-list-state';
import { isAdmin } from '../../shared/session/session-slice';
import { useToasts } from '../../shared/toasts/use-toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { RowActionButton } from '../../shared/ui/RowActionButton';
import { buildListQuery, tableSortOrder } from '../../shared/ui/list-query';
import { RlsRuleModal } from './RlsRuleModal';
import { useDeleteRlsRulesMutation, useListRlsRulesQuery } from './rls-api';

/** The list answers every field; the page reads rows as whole rules. */
type Row = RlsRule;

const isRule = (item: Partial<RlsRule>): item is RlsRule =>
  typeof item.id === 'number' && item.name !== undefined;

type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; rule: RlsRule };

/** /rowlevelsecurity/list/ (Admin): the row level security rules, their datasets, roles and clauses. */
export function RlsListPage() {
  const admin = useAppSelector((state) => isAdmin(state.session.user));
  if (!admin) {
    return (
      <Result
        data-test="forbidden"
        status="403"
        title="Forbidden"
        subTitle="Only administrators can manage row level security."
      />
    );
  }
  return <RlsList />;
}

function tagsOf(names: string[], dataTest: string) {
  return (
    <Flex gap={4} wrap>
      {names.map((name) => (
        <Tag key={name} data-test={dataTest} style={{ marginInlineEnd: 0 }}>
          {name}
        </Tag>
      ))}
    </Flex>
  );
}

function RlsList() {
  const [list, setList] = useListState({ column: 'name', direction: 'asc' });
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<RlsRule | null>(null);
  const { data, error, isFetching, refetch } = useListRlsRulesQuery(buildListQuery(list, 'name'));
  const [deleteRules, deleteState] = useDeleteRlsRulesMutation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const rows: Row[] = (data?.result ?? []).filter(isRule);

  const columns: TableProps<Row>['columns'] = [
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      sortOrder: tableSortOrder(list, 'name'),
      render: (name: string) => <span data-test="rls-name-cell">{name}</span>,
    },
    {
      title: 'Filter type',
      dataIndex: 'filter_type',
      key: 'filter_type',
      sorter: true,
      sortOrder: tableSortOrder(list, 'filter_type'),
    },
    {
      title: 'Datasets',
      key: 'tables',
      render: (_value, rule) =>
        tagsOf(
          rule.tables.map((table) =>
            table.schema ? `${table.schema}.${table.table_name}` : table.table_name,
          ),
          'rls-table-tag',
        ),
    },
    {
      title: 'Roles',
      key: 'roles',
      render: (_value, rule) =>
        tagsOf(
          rule.roles.map((role) => role.name),
          'rls-role-tag',
        ),
    },
    {
      title: 'Group key',
      dataIndex: 'group_key',
      key: 'group_key',
      sorter: true,
      sortOrder: tableSortOrder(list, 'group_key'),
      render: (key: string | null) => key ?? '',
    },
    {
      title: 'Clause',
      dataIndex: 'clause',
      key: 'clause',
      render: (clause: string) => (
        <Typography.Text
          data-test="rls-clause-cell"
          code
          ellipsis={{ tooltip: clause }}
          style={{ maxWidth: 280 }}
        >
          {clause}
        </Typography.Text>
      ),
    },
    {
      title: 'Last modified',
      dataIndex: 'changed_on_delta_humanized',
      key: 'changed_on_delta_humanized',
      sorter: true,
      sortOrder: tableSortOrder(list, 'changed_on_delta_humanized'),
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, rule) => (
        <Flex gap={4} justify="flex-end">
          <RowActionButton
            title="Edit"
            data-test="rls-edit"
            aria-label={`Edit ${rule.name}`}
            icon={<EditOutlined />}
            onClick={() => setModal({ mode: 'edit', rule })}
          />
          <RowActionButton
            title="Delete"
            data-test="rls-delete"
            aria-label={`Delete ${rule.name}`}
            icon={<DeleteOutlined />}
            onClick={() => setToDelete(rule)}
          />
        </Flex>
      ),
    },
  ];

  const remove = async (ids: number[], what: string): Promise<boolean> => {
    const result = await deleteRules(ids);
    if ('error' in result) {
      addDangerToast(`Could not delete ${what}: ${errorText(result.error)}`);
      return false;
    }
    addSuccessToast(`Deleted: ${what}`);
    return true;
  };

  return (
    <ListPage<Row>
      data-test="rls-list-page"
      title="Row Level Security"
      search={{ 'data-test': 'rls-search', placeholder: 'Search by name' }}
      primaryAction={
        <Button data-test="rls-add" type="primary" onClick={() => setModal({ mode: 'create' })}>
          + Rule
        </Button>
      }
      list={list}
      onListChange={setList}
      result={{ rows, total: data?.count ?? 0, loading: isFetching, error, onRetry: () => void refetch() }}
      errorTitle="Could not load the rules"
      table={{ 'data-test': 'rls-table', columns, rowTest: 'rls-row' }}
      empty={{
        'data-test': 'rls-empty',
        description: list.search.trim() === '' ? 'No rules yet' : 'No rules match your search',
      }}
      bulkDelete={{
        'data-test': 'rls-bulk-delete',
        title: 'Delete rules?',
        describe: (count) => `${count === 1 ? '1 rule' : `${String(count)} rules`} will be deleted.`,
        onDelete: (ids) => remove(ids, ids.length === 1 ? '1 rule' : `${String(ids.length)} rules`),
      }}
    >
      {modal.mode === 'closed' ? null : (
        <RlsRuleModal
          key={modal.mode === 'edit' ? modal.rule.id : 'new'}
          rule={modal.mode === 'edit' ? modal.rule : undefined}
          onClose={() => setModal({ mode: 'closed' })}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete rule?"
        okText="Delete"
        danger
        loading={deleteState.isLoading}
        onConfirm={() => {
          if (toDelete !== null) void remove([toDelete.id], toDelete.name).then(() => setToDelete(null));
        }}
        onCancel={() => setToDelete(null)}
      >
        <Typography.Paragraph>
          {`${toDelete?.name ?? ''} will be deleted; its datasets show every row again to its roles.`}
        </Typography.Paragraph>
      </ConfirmDialog>
    </ListPage>
  );
}
