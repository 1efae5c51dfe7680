import { EditOutlined } from '@ant-design/icons';
import type { User } from '@tessera/contracts';
import { Button, Flex, Result, Tag, Typography, type TableProps } from 'antd';
import { Suspense, useState } from 'react';
import { lazyComponent } from '../../shared/lazy/lazy-component';
import { useAppSelector } from '../../app/hooks';
import { errorText } from '../../shared/errors/to-api-error';
import { ListPage } from '../../shared/list-page/ListPage';
import { useListState } from '../../shared/list-page/use-list-state';
import { isAdmin } from '../../shared/session/session-slice';
import { useToasts } from '../../shared/toasts/use-toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { RowActionButton } from '../../shared/ui/RowActionButton';
import { buildListQuery, tableSortOrder } from '../../shared/ui/list-query';
import { useListUsersQuery, useUpdateUserMutation } from './users-api';

// The modal (antd Form, Select) loads when it is first opened, not with the list.
const UserModal = lazyComponent(() => import('./UserModal').then((module) => module.UserModal));

type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; user: User };

function formatLogin(lastLogin: string | null): string {
  if (lastLogin === null) return 'never';
  const date = new Date(lastLogin);
  return Number.isNaN(date.getTime()) ? lastLogin : date.toLocaleString();
}

/** /users/list/ (Admin): users with search, sort and paging; create, edit, activate and deactivate. */
export function UserListPage() {
  const admin = useAppSelector((state) => isAdmin(state.session.user));
  if (!admin) {
    return (
      <Result
        data-test="forbidden"
        status="403"
        title="Forbidden"
        subTitle="Only administrators can manage users."
      />
    );
  }
  return <UserList />;
}

function UserList() {
  const currentUserId = useAppSelector((state) => state.session.user?.id);
  const [list, setList] = useListState({ column: 'username', direction: 'asc' });
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [toToggle, setToToggle] = useState<User | null>(null);
  const { data, error, isFetching, refetch } = useListUsersQuery(buildListQuery(list, 'username'));
  const [updateUser, updateState] = useUpdateUserMutation();
  const { addSuccessToast, addDangerToast } = useToasts();

  const columns: TableProps<User>['columns'] = [
    {
      title: 'Username',
      dataIndex: 'username',
      key: 'username',
      sorter: true,
      sortOrder: tableSortOrder(list, 'username'),
    },
    {
      title: 'Name',
      key: 'first_name',
      sorter: true,
      sortOrder: tableSortOrder(list, 'first_name'),
      render: (_value, user) => `${user.first_name} ${user.last_name}`,
    },
    {
      title: 'Email',
      dataIndex: 'email',
      key: 'email',
      sorter: true,
      sortOrder: tableSortOrder(list, 'email'),
    },
    {
      title: 'Roles',
      key: 'roles',
      render: (_value, user) => user.roles.map((role) => <Tag key={role.id}>{role.name}</Tag>),
    },
    {
      title: 'Active',
      dataIndex: 'active',
      key: 'active',
      sorter: true,
      sortOrder: tableSortOrder(list, 'active'),
      render: (active: boolean) => (active ? <Tag color="success">active</Tag> : <Tag>inactive</Tag>),
    },
    {
      title: 'Last login',
      dataIndex: 'last_login',
      key: 'last_login',
      sorter: true,
      sortOrder: tableSortOrder(list, 'last_login'),
      render: (value: string | null) => formatLogin(value),
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, user) => (
        <Flex gap={4} justify="flex-end">
          <RowActionButton
            title="Edit"
            data-test="user-edit"
            aria-label={`Edit ${user.username}`}
            icon={<EditOutlined />}
            onClick={() => setModal({ mode: 'edit', user })}
          />
          <Button
            data-test="user-toggle-active"
            size="small"
            type="link"
            danger={user.active}
            disabled={user.id === currentUserId}
            onClick={() => setToToggle(user)}
          >
            {user.active ? 'Deactivate' : 'Activate'}
          </Button>
        </Flex>
      ),
    },
  ];

  const onConfirmToggle = async () => {
    if (toToggle === null) return;
    const active = !toToggle.active;
    const result = await updateUser({ id: toToggle.id, body: { active } });
    if ('error' in result)
      addDangerToast(`Could not update ${toToggle.username}: ${errorText(result.error)}`);
    else addSuccessToast(`${toToggle.username} ${active ? 'activated' : 'deactivated'}`);
    setToToggle(null);
  };

  return (
    <ListPage<User>
      data-test="user-list-page"
      title="Users"
      search={{ 'data-test': 'user-search', placeholder: 'Search by username' }}
      primaryAction={
        <Button data-test="user-add" type="primary" onClick={() => setModal({ mode: 'create' })}>
          + User
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
      errorTitle="Could not load users"
      table={{ 'data-test': 'user-table', columns }}
      empty={{
        'data-test': 'user-empty',
        description: list.search.trim() === '' ? 'No users' : 'No users match your search',
      }}
    >
      {modal.mode === 'closed' ? null : (
        <Suspense fallback={null}>
          <UserModal
            key={modal.mode === 'edit' ? modal.user.id : 'new'}
            user={modal.mode === 'edit' ? modal.user : undefined}
            onClose={() => setModal({ mode: 'closed' })}
            onSaved={() => setModal({ mode: 'closed' })}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={toToggle !== null}
        title={toToggle?.active === true ? 'Deactivate user?' : 'Activate user?'}
        okText={toToggle?.active === true ? 'Deactivate' : 'Activate'}
        danger={toToggle?.active === true}
        loading={updateState.isLoading}
        onConfirm={() => void onConfirmToggle()}
        onCancel={() => setToToggle(null)}
      >
        <Typography.Paragraph>
          {toToggle?.active === true
            ? `${toToggle.username} will no longer be able to log in.`
            : `${toToggle?.username ?? ''} will be able to log in again.`}
        </Typography.Paragraph>
      </ConfirmDialog>
    </ListPage>
  );
}
