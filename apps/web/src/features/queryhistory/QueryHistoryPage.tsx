import { QUERY_STATES, type QueryListItem, type QueryState } from '@tessera/contracts';
import { DatePicker, Select, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { ListPage } from '../../shared/list-page/ListPage';
import { useListState } from '../../shared/list-page/use-list-state';
import { usePermissions } from '../../shared/session/use-permissions';
import { isAdmin } from '../../shared/session/session-slice';
import { AsyncSelect } from '../../shared/ui/async-select/AsyncSelect';
import type { AsyncSelectOption } from '../../shared/ui/async-select/async-select-rules';
import { useRelatedChoices } from '../../shared/ui/async-select/related-choices';
import { formatDuration } from '../sqllab/results/duration';
import { tagColorOf } from '../sqllab/results/status-colors';
import { sqlLabQueryPath } from '../sqllab/sharing/shared-query';
import {
  NO_HISTORY_FILTERS,
  historyListQuery,
  runDuration,
  sqlPreview,
  type HistoryFilters,
} from './history-query';
import { useListQueriesQuery } from './query-history-api';

function formatTime(ms: number | null): string {
  return ms === null ? '' : new Date(ms).toLocaleString();
}

const columns: NonNullable<TableProps<QueryListItem>['columns']> = [
  {
    key: 'time',
    title: 'Time',
    render: (_, query) => formatTime(query.start_time),
  },
  { key: 'tab', title: 'Tab', render: (_, query) => query.tab_name ?? '' },
  {
    key: 'user',
    title: 'User',
    render: (_, query) => `${query.user.first_name} ${query.user.last_name}`.trim(),
  },
  { key: 'database', title: 'Database', render: (_, query) => query.database.database_name },
  {
    key: 'sql',
    title: 'SQL',
    render: (_, query) => (
      <Typography.Text code data-test="query-history-sql" title={query.sql}>
        {sqlPreview(query.sql)}
      </Typography.Text>
    ),
  },
  {
    key: 'state',
    title: 'State',
    render: (_, query) => (
      <Tag color={tagColorOf(query.status)} data-test="query-history-state" data-state={query.status}>
        {query.status.replace('_', ' ')}
      </Tag>
    ),
  },
  {
    key: 'duration',
    title: 'Duration',
    render: (_, query) => {
      const ms = runDuration(query);
      return ms === null ? '' : formatDuration(ms);
    },
  },
  { key: 'rows', title: 'Rows', align: 'right', render: (_, query) => query.rows ?? '' },
  {
    key: 'open',
    title: 'Actions',
    render: (_, query) => (
      <Link to={sqlLabQueryPath(query.id)} data-test="query-history-open">
        Open in SQL Lab
      </Link>
    ),
  },
];

/** /sqlhistory/list/: past SQL Lab runs, filtered by database, state, user (Admin) and start time. */
export function QueryHistoryPage() {
  const admin = useAppSelector((state) => isAdmin(state.session.user));
  const { sqlLab } = usePermissions();
  const [filters, setFilters] = useState<HistoryFilters>(NO_HISTORY_FILTERS);
  // Runs are always newest first: the list state only pages.
  const [list, setList] = useListState({ column: undefined, direction: 'desc' });
  const history = useListQueriesQuery(historyListQuery(filters, list.page));
  // The picked database and user with their labels (the filters keep the ids).
  const [databaseChoice, setDatabaseChoice] = useState<AsyncSelectOption | null>(null);
  const [userChoice, setUserChoice] = useState<AsyncSelectOption | null>(null);
  const fetchDatabases = useRelatedChoices('/api/v1/query/related/database');
  const fetchUsers = useRelatedChoices('/api/v1/query/related/user');

  const change = (patch: Partial<HistoryFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setList((current) => ({ ...current, page: 0 }));
  };

  return (
    <ListPage<QueryListItem>
      data-test="query-history-page"
      title="Query history"
      filters={{
        'data-test': 'query-history-filters',
        controls: (
          <>
            <div style={{ width: 180 }}>
              <AsyncSelect
                data-test="query-history-database"
                aria-label="Database"
                placeholder="Database"
                allowClear
                fetchOptions={fetchDatabases}
                value={databaseChoice}
                onChange={(choice) => {
                  setDatabaseChoice(choice);
                  change({ databaseId: choice === null ? null : Number(choice.value) });
                }}
              />
            </div>
            <Select<QueryState>
              allowClear
              placeholder="State"
              style={{ minWidth: 140 }}
              data-test="query-history-state-filter"
              value={filters.state ?? undefined}
              options={QUERY_STATES.map((state) => ({ value: state, label: state.replace('_', ' ') }))}
              onChange={(value: QueryState | undefined) => change({ state: value ?? null })}
            />
            {admin ? (
              <div style={{ width: 180 }}>
                <AsyncSelect
                  data-test="query-history-user"
                  aria-label="User"
                  placeholder="User"
                  allowClear
                  fetchOptions={fetchUsers}
                  value={userChoice}
                  onChange={(choice) => {
                    setUserChoice(choice);
                    change({ userId: choice === null ? null : Number(choice.value) });
                  }}
                />
              </div>
            ) : null}
            <DatePicker.RangePicker
              showTime
              allowEmpty={[true, true]}
              data-test="query-history-time"
              onChange={(range) =>
                change({ from: range?.[0]?.valueOf() ?? null, to: range?.[1]?.valueOf() ?? null })
              }
            />
          </>
        ),
      }}
      list={list}
      onListChange={setList}
      result={{
        rows: history.data?.result ?? [],
        total: history.data?.count ?? 0,
        loading: history.isFetching,
        error: history.error,
        onRetry: () => void history.refetch(),
      }}
      errorTitle="The queries could not be loaded"
      table={{
        'data-test': 'query-history-table',
        columns: sqlLab ? columns : columns.filter((column) => column.key !== 'open'),
        rowTest: 'query-history-row',
        size: 'small',
      }}
      empty={{ 'data-test': 'query-history-empty', description: 'No queries match' }}
    />
  );
}
