import { LOG_LIST_PAGE_SIZE } from '@tessera/contracts';
import { Input, Result, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { ListPage } from '../../shared/list-page/ListPage';
import { useListState } from '../../shared/list-page/use-list-state';
import { buildListQuery, tableSortOrder } from '../../shared/ui/list-query';
import { dashboardPath } from '../dashboards/paths';
import { exploreChartPath } from '../explore/paths';
import { readsActionLog, useLogViewEnabled } from './action-log-access';
import { useListLogsQuery, type LogRecord } from './action-log-api';

/** /actionlog/list/ (Admin, SUPERSET_LOG_VIEW): every logged event and API call, newest first. */
export function ActionLogPage() {
  const user = useAppSelector((state) => state.session.user);
  const enabled = useLogViewEnabled();
  if (user === null || !readsActionLog(user) || !enabled) {
    return (
      <Result
        data-test="forbidden"
        status="403"
        title="Forbidden"
        subTitle={enabled ? 'Only administrators can read the action log.' : 'The action log is turned off.'}
      />
    );
  }
  return <ActionLog />;
}

function formatTime(dttm: string): string {
  const date = new Date(dttm);
  return Number.isNaN(date.getTime()) ? dttm : date.toLocaleString();
}

function ActionLog() {
  const [list, setList] = useListState({ column: 'dttm', direction: 'desc' });
  const [username, setUsername] = useState('');
  const query = buildListQuery(list, 'action', LOG_LIST_PAGE_SIZE);
  const userText = username.trim();
  const { data, error, isFetching, refetch } = useListLogsQuery({
    ...query,
    filters: [
      ...query.filters,
      ...(userText === '' ? [] : [{ col: 'user.username', opr: 'ct', value: userText }]),
    ],
  });

  const columns: TableProps<LogRecord>['columns'] = [
    {
      title: 'Time',
      dataIndex: 'dttm',
      key: 'dttm',
      sorter: true,
      sortOrder: tableSortOrder(list, 'dttm'),
      render: (dttm: string) => <span data-test="action-log-time">{formatTime(dttm)}</span>,
    },
    {
      title: 'User',
      key: 'user.username',
      sorter: true,
      sortOrder: tableSortOrder(list, 'user.username'),
      render: (_value, record) => record.user?.username ?? '—',
    },
    {
      title: 'Action',
      dataIndex: 'action',
      key: 'action',
      sorter: true,
      sortOrder: tableSortOrder(list, 'action'),
      render: (action: string) => (
        <Typography.Text code data-test="action-log-action">
          {action}
        </Typography.Text>
      ),
    },
    {
      title: 'Dashboard',
      dataIndex: 'dashboard_id',
      key: 'dashboard_id',
      render: (id: number | null) =>
        id === null ? null : (
          <Link data-test="action-log-dashboard" to={dashboardPath({ id })}>
            {id}
          </Link>
        ),
    },
    {
      title: 'Chart',
      dataIndex: 'slice_id',
      key: 'slice_id',
      render: (id: number | null) =>
        id === null ? null : (
          <Link data-test="action-log-chart" to={exploreChartPath(id)}>
            {id}
          </Link>
        ),
    },
    {
      title: 'Duration (ms)',
      dataIndex: 'duration_ms',
      key: 'duration_ms',
      align: 'right',
      sorter: true,
      sortOrder: tableSortOrder(list, 'duration_ms'),
    },
    {
      title: 'Details',
      dataIndex: 'json',
      key: 'json',
      width: '35%',
      render: (json: string | null) =>
        json === null ? null : (
          <Typography.Text
            data-test="action-log-json"
            style={{ fontFamily: 'monospace', fontSize: 12, maxWidth: 420 }}
            ellipsis={{ tooltip: json }}
          >
            {json}
          </Typography.Text>
        ),
    },
  ];

  return (
    <ListPage<LogRecord>
      data-test="action-log-page"
      title="Action log"
      search={{ 'data-test': 'action-log-search', placeholder: 'Search by action' }}
      filters={{
        'data-test': 'action-log-filters',
        controls: (
          <Input.Search
            data-test="action-log-user"
            allowClear
            placeholder="User"
            style={{ width: 200 }}
            onSearch={(value) => {
              setUsername(value);
              setList((current) => ({ ...current, page: 0 }));
            }}
          />
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
      errorTitle="Could not load the action log"
      pageSize={LOG_LIST_PAGE_SIZE}
      table={{ 'data-test': 'action-log-table', columns, rowTest: 'action-log-row', size: 'small' }}
      empty={{
        'data-test': 'action-log-empty',
        description: list.search.trim() === '' && userText === '' ? 'Nothing logged yet' : 'No entries match',
      }}
    />
  );
}
