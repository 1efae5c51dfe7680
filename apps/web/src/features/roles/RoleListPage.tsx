import { DeleteOutlined, EditOutlined, SafetyOutlined } from '@ant-design/icons';
import { BUILT_IN_ROLES, type RoleItem } from '@tessera/contracts';
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
import { RoleNameModal } from './RoleNameModal';
import { RolePermissionsModal } from './RolePermissionsModal';
import { useDeleteRoleMutation, useListRolePageQuery } from './roles-api';

const isBuiltIn = (role: RoleItem): boolean => (BUILT_IN_ROLES as readonly string[]).includes(role.name);

type ModalState =
  | { mode: 'closed' }
  | { mode: 'create' }
  | { mode: 'rename'; role: RoleItem }
  | { mode: 'permissions'; role: RoleItem };

/** /roles/list/ (Admin): roles with search and paging; create, rename, delete, edit permissions. */
export function RoleListPage() {
  const admin = useAppSelector((state) => isAdmin(state.session.user));
  if (!admin) {
    return (
      <Result
        data-test="forbidden"
        status="403"
        title="Forbidden"
        subTitle="Only administrators can manage roles."
      />
    );
  }
  return <RoleList />;
}

function RoleList() {
  const [list, setList] = useListState({ column: 'name', direction: 'asc' });
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<RoleItem | null>(null);
  const { data, error, isFetching, refetch } = useListRolePageQuery(buildListQuery(list, 'name'));
  const [deleteRole, deleteState] = useDeleteRoleMutation();
  const { addSuccessToast, addDangerToast } = useToasts();

  const columns: TableProps<RoleItem>['columns'] = [
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      sortOrder: tableSortOrder(list, 'name'),
      render: (name: string, role) => (
        <Flex gap={8} align="center">
          <span data-test="role-name-cell">{name}</span>
          {isBuiltIn(role) ? <Tag>built-in</Tag> : null}
        </Flex>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, role) => (
        <Flex gap={4} justify="flex-end">
          <RowActionButton
            title="Permissions"
            data-test="role-permissions"
            aria-label={`Permissions of ${role.name}`}
            icon={<SafetyOutlined />}
            onClick={() => setModal({ mode: 'permissions', role })}
          />
          <RowActionButton
            title={isBuiltIn(role) ? 'Built-in roles keep their name' : 'Rename'}
            data-test="role-rename"
            aria-label={`Rename ${role.name}`}
            icon={<EditOutlined />}
            disabled={isBuiltIn(role)}
            onClick={() => setModal({ mode: 'rename', role })}
          />
          <RowActionButton
            title={isBuiltIn(role) ? 'Built-in roles cannot be deleted' : 'Delete'}
            data-test="role-delete"
            aria-label={`Delete ${role.name}`}
            icon={<DeleteOutlined />}
            disabled={isBuiltIn(role)}
            onClick={() => setToDelete(role)}
          />
        </Flex>
      ),
    },
  ];

  const onConfirmDelete = async () => {
    if (toDelete === null) return;
    const result = await deleteRole(toDelete.id);
    if ('error' in result) addDangerToast(`Could not delete ${toDelete.name}: ${errorText(result.error)}`);
    else addSuccessToast(`Deleted: ${toDelete.name}`);
    setToDelete(null);
  };

  return (
    <ListPage<RoleItem>
      data-test="role-list-page"
      title="Roles"
      search={{ 'data-test': 'role-search', placeholder: 'Search by name' }}
      primaryAction={
        <Button data-test="role-add" type="primary" onClick={() => setModal({ mode: 'create' })}>
          + Role
        </Button>
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
      errorTitle="Could not load roles"
      table={{ 'data-test': 'role-table', columns }}
      empty={{
        'data-test': 'role-empty',
        description: list.search.trim() === '' ? 'No roles' : 'No roles match your search',
      }}
    >
      {modal.mode === 'create' || modal.mode === 'rename' ? (
        <RoleNameModal
          key={modal.mode === 'rename' ? modal.role.id : 'new'}
          role={modal.mode === 'rename' ? modal.role : undefined}
          onClose={() => setModal({ mode: 'closed' })}
        />
      ) : null}
      {modal.mode === 'permissions' ? (
        <RolePermissionsModal
          key={modal.role.id}
          role={modal.role}
          onClose={() => setModal({ mode: 'closed' })}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete role?"
        okText="Delete"
        danger
        loading={deleteState.isLoading}
        onConfirm={() => void onConfirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <Typography.Paragraph>
          {`${toDelete?.name ?? ''} will be deleted and taken away from every user who has it.`}
        </Typography.Paragraph>
      </ConfirmDialog>
    </ListPage>
  );
}
