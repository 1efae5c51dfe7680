import { EditOutlined } from '@ant-design/icons';
import type { User } from '@tessera/contracts';
import { Button, Empty, Flex, Input, Result, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { ErrorMessage } from '../../shared/errors/ErrorMessage';
import { errorText } from '../../shared/errors/to-api-error';
import { isAdmin } from '../../shared/session/session-slice';
import { useToasts } from '../../shared/toasts/use-toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import {
  LIST_PAGE_SIZE,
  buildListQuery,
  listAfterTableChange,
  type ListState,
} from '../../shared/ui/list-query';
import { useListUsersQuery, useUpdateUserMutation } from './users-api';

// The modal (antd Form, Select) loads when it is first opened, not with the list.
const UserModal = lazy(() => import('./UserModal').then((module) => ({ default: module.UserModal })));

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
  const [list, setList] = useState<ListState>({
    search: '',
    page: 0,
    sortColumn: 'username',
    sortDirection: 'asc',
  });
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [toToggle, setToToggle] = useState<User | null>(null);
  const { data, error, isFetching, refetch } = useListUsersQuery(buildListQuery(list, 'username'));
  const [updateUser, updateState] = useUpdateUserMutation();
  const { addSuccessToast, addDangerToast } = useToasts();

  const sortOrder = (column: string) =>
    list.sortColumn === column
      ? list.sortDirection === 'desc'
        ? ('descend' as const)
        : ('ascend' as const)
      : null;

  const columns: TableProps<User>['columns'] = [
    {
      title: 'Username',
      dataIndex: 'username',
      key: 'username',
      sorter: true,
      sortOrder: sortOrder('username'),
    },
    {
      title: 'Name',
      key: 'first_name',
      sorter: true,
      sortOrder: sortOrder('first_name'),
      render: (_value, user) => `${user.first_name} ${user.last_name}`,
    },
    { title: 'Email', dataIndex: 'email', key: 'email', sorter: true, sortOrder: sortOrder('email') },
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
      sortOrder: sortOrder('active'),
      render: (active: boolean) => (active ? <Tag color="success">active</Tag> : <Tag>inactive</Tag>),
    },
    {
      title: 'Last login',
      dataIndex: 'last_login',
      key: 'last_login',
      sorter: true,
      sortOrder: sortOrder('last_login'),
      render: (value: string | null) => formatLogin(value),
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, user) => (
        <Flex gap={4} justify="flex-end">
          <Tooltip title="Edit">
            <Button
              data-test="user-edit"
              type="text"
              size="small"
              aria-label={`Edit ${user.username}`}
              icon={<EditOutlined />}
              onClick={() => setModal({ mode: 'edit', user })}
            />
          </Tooltip>
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

  const onTableChange: TableProps<User>['onChange'] = (pagination, _filters, sorter) => {
    setList((current) => listAfterTableChange(current, pagination.current, sorter));
  };

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
    <Flex vertical gap={16} data-test="user-list-page">
      <Flex align="center" justify="space-between" gap={16} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Users
        </Typography.Title>
        <Flex gap={8} wrap>
          <Input.Search
            data-test="user-search"
            placeholder="Search by username"
            allowClear
            style={{ width: 280 }}
            onSearch={(search) => setList((current) => ({ ...current, search, page: 0 }))}
          />
          <Button data-test="user-add" type="primary" onClick={() => setModal({ mode: 'create' })}>
            + User
          </Button>
        </Flex>
      </Flex>
      {error === undefined ? null : (
        <ErrorMessage
          title="Could not load users"
          error={error}
          action={
            <Button size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        />
      )}
      <Table<User>
        data-test="user-table"
        rowKey="id"
        columns={columns}
        dataSource={data?.result ?? []}
        loading={isFetching}
        onChange={onTableChange}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              data-test="user-empty"
              description={list.search.trim() === '' ? 'No users' : 'No users match your search'}
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
    </Flex>
  );
}
