import { CopyOutlined, DownloadOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Progress, Spin, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { SaveDatasetButton } from '../../datasets/SaveDatasetButton';
import { ErrorMessage } from '../../../shared/errors/ErrorMessage';
import type { ApiError } from '../../../shared/api/api-request';
import { formatCount } from '../controls/limit-options';
import { useSqlLabConf } from '../conf/use-sqllab-conf';
import { UNKNOWN_ERROR } from '../run/failure';
import { fetchQueryResults, QUERY_STOPPED_MESSAGE, stopRunningQuery } from '../run/run-query';
import { isActiveState, type Query, type QueryResults } from '../state';
import { ElapsedTimer } from './ElapsedTimer';
import { sip40ErrorsOf } from './query-errors';
import { displayLimitNotice, limitNotice } from './limit-notice';
import { resultsAsTsv } from './results-text';
import { ResultsGrid } from './ResultsGrid';
import { sortRowIndexes, type SortState } from './sort-rows';
import { StatusBadge } from './StatusBadge';
import { useCopy } from './use-copy';
import { useQueryResults } from './use-query-results';

const ACTIVE_TEXT: Partial<Record<Query['state'], string>> = {
  pending: 'Waiting to run…',
  scheduled: 'Waiting to run…',
  started: 'Starting…',
  running: 'Running…',
  fetching: 'Fetching results…',
};

export function exportPath(clientId: string): string {
  return `/api/v1/sqllab/export/${encodeURIComponent(clientId)}/`;
}

function errorOf(query: Query): ApiError {
  const errors = sip40ErrorsOf(query);
  return {
    error: query.errorMessage ?? UNKNOWN_ERROR,
    ...(errors === null ? {} : { errors }),
    ...(query.link === null ? {} : { link: query.link }),
  };
}

function RowsView({ query, results }: { query: Query; results: QueryResults }) {
  const [sort, setSort] = useState<SortState | null>(null);
  const copy = useCopy();
  const columns = results.selected_columns.length > 0 ? results.selected_columns : results.columns;
  const order = useMemo(() => sortRowIndexes(results.data, sort), [results.data, sort]);
  const { displayMaxRow, maxRow } = useSqlLabConf();
  const { token } = theme.useToken();
  const rows = query.rows ?? results.data.length;
  const notice = limitNotice(query.limitingFactor, rows);

  return (
    <Flex vertical gap={token.marginXS} style={{ flex: 1, minHeight: 0 }}>
      <Flex align="center" gap={token.marginXS} wrap>
        <Typography.Text strong data-test="sqllab-row-count" data-rows={rows}>
          {formatCount(rows)} {rows === 1 ? 'row' : 'rows'}
        </Typography.Text>
        <span style={{ flex: 1 }} />
        {query.isDataPreview ? null : (
          <SaveDatasetButton
            source={{
              dbId: query.dbId,
              catalog: query.catalog,
              schema: query.schema,
              sql: query.sql,
              templateParams: query.templateParams,
              columns,
            }}
            initialName={query.tab ?? ''}
          />
        )}
        <Button
          size="small"
          icon={<CopyOutlined />}
          data-test="sqllab-copy"
          onClick={() => void copy(resultsAsTsv(columns, results.data, order))}
        >
          Copy to clipboard
        </Button>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          data-test="sqllab-csv"
          href={exportPath(query.id)}
          download
        >
          Download CSV
        </Button>
      </Flex>
      {notice === null ? null : <Alert type="info" showIcon title={notice} data-test="sqllab-limit-notice" />}
      {results.displayLimitReached ? (
        <Alert
          type="warning"
          showIcon
          title={displayLimitNotice(displayMaxRow, maxRow)}
          data-test="sqllab-display-limit-notice"
        />
      ) : null}
      {results.data.length === 0 ? (
        <Empty data-test="sqllab-no-rows" description="The query returned no rows." />
      ) : (
        <div style={{ flex: 1, minHeight: 0 }}>
          <ResultsGrid
            columns={columns}
            rows={results.data}
            order={order}
            sort={sort}
            onSortChange={setSort}
          />
        </div>
      )}
    </Flex>
  );
}

function SuccessView({ query }: { query: Query }) {
  const dispatch = useAppDispatch();
  const { displayMaxRow } = useSqlLabConf();
  const { results, resultsKey } = query;
  if (results === null) {
    return resultsKey === null ? (
      <Empty data-test="sqllab-no-rows" description="The query returned no rows." />
    ) : (
      <Flex align="center" gap={8} data-test="sqllab-fetching">
        <Spin size="small" />
        <Typography.Text type="secondary">Fetching results…</Typography.Text>
      </Flex>
    );
  }
  if (results.data.length === 0 && query.cached && resultsKey !== null) {
    return (
      <Empty description="The rows of this query are no longer held in the browser.">
        <Button
          data-test="sqllab-refetch"
          onClick={() => void dispatch(fetchQueryResults(query.id, resultsKey, displayMaxRow))}
        >
          Fetch the results again
        </Button>
      </Empty>
    );
  }
  return <RowsView query={query} results={results} />;
}

function ActiveView({ query }: { query: Query }) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={token.margin}
      style={{ flex: 1 }}
      data-test="sqllab-running"
    >
      <Spin />
      <Typography.Text type="secondary">{ACTIVE_TEXT[query.state] ?? 'Running…'}</Typography.Text>
      {query.progress > 0 && query.progress < 100 ? (
        <Progress percent={Math.round(query.progress)} style={{ width: 240 }} />
      ) : null}
      {query.state === 'fetching' ? null : (
        <Button
          danger
          icon={<StopOutlined />}
          data-test="sqllab-results-stop"
          onClick={() => void dispatch(stopRunningQuery(query.id))}
        >
          Stop
        </Button>
      )}
    </Flex>
  );
}

/** The first rows of a sync run whose body is still arriving, with the run's Stop. */
function ArrivingView({ query, results }: { query: Query; results: QueryResults }) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const columns = results.selected_columns.length > 0 ? results.selected_columns : results.columns;
  const order = useMemo(() => sortRowIndexes(results.data, null), [results.data]);
  return (
    <Flex vertical gap={token.marginXS} style={{ flex: 1, minHeight: 0 }}>
      <Flex align="center" gap={token.marginXS} data-test="sqllab-rows-arriving">
        <Spin size="small" />
        <Typography.Text type="secondary">
          First {formatCount(results.data.length)} rows; receiving the rest…
        </Typography.Text>
        <span style={{ flex: 1 }} />
        <Button
          size="small"
          danger
          icon={<StopOutlined />}
          data-test="sqllab-results-stop"
          onClick={() => void dispatch(stopRunningQuery(query.id))}
        >
          Stop
        </Button>
      </Flex>
      <div style={{ flex: 1, minHeight: 0 }}>
        <ResultsGrid columns={columns} rows={results.data} order={order} sort={null} onSortChange={noSort} />
      </div>
    </Flex>
  );
}

/** Sorting waits for the whole result: sorting a first page would show a misleading order. */
function noSort(): void {
  // Intentionally nothing.
}

function QueryBody({ query }: { query: Query }) {
  if (isActiveState(query.state)) {
    const arriving = query.results;
    return arriving !== null && arriving.data.length > 0 ? (
      <ArrivingView query={query} results={arriving} />
    ) : (
      <ActiveView query={query} />
    );
  }
  switch (query.state) {
    case 'success':
      return <SuccessView query={query} />;
    case 'stopped':
      return <Alert type="warning" showIcon title={QUERY_STOPPED_MESSAGE} data-test="sqllab-stopped" />;
    case 'timed_out':
      return (
        <ErrorMessage
          data-test="sqllab-error"
          error={{ ...errorOf(query), error: query.errorMessage ?? 'The query timed out.' }}
        />
      );
    default:
      return <ErrorMessage data-test="sqllab-error" error={errorOf(query)} />;
  }
}

/**
 * One query's outcome: status badge, elapsed time, then its rows (count, limit notices, grid, copy,
 * CSV), its error (message, issue codes, link), or what it is waiting for.
 */
export function ResultSet({ query, emptyText }: { query: Query | null; emptyText: string }) {
  useQueryResults(query);
  const { token } = theme.useToken();
  if (query === null) {
    return (
      <Flex align="center" justify="center" style={{ flex: 1 }}>
        <Empty data-test="sqllab-results-empty" description={emptyText} />
      </Flex>
    );
  }
  const active = isActiveState(query.state);
  return (
    <Flex
      vertical
      gap={token.marginXS}
      style={{ flex: 1, minHeight: 0 }}
      data-test="sqllab-result-set"
      data-query-id={query.id}
    >
      <Flex align="center" gap={token.marginXS}>
        <StatusBadge status={query.state} />
        <ElapsedTimer start={query.startDttm} end={query.endDttm} running={active} />
      </Flex>
      <QueryBody query={query} />
    </Flex>
  );
}
