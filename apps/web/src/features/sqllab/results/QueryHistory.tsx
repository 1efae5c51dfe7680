import { DeleteOutlined, PlusSquareOutlined, RedoOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Table, Tooltip, Typography, type TableProps } from 'antd';
import { useMemo, type HTMLAttributes } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useGetEditorQueryHistoryQuery } from '../api/sqllab-api';
import { formatCount } from '../controls/limit-options';
import { removeTabQuery } from '../persistence/query-actions';
import { addNewTab } from '../run/editor-actions';
import { rerunQuery } from '../run/run-editor';
import { selectTabQueries } from '../store/selectors';
import { formatDuration } from './duration';
import { historyRows, type HistoryRow } from './history-rows';
import { StatusBadge } from './StatusBadge';

const ROW_TEST_ID = { 'data-test': 'sqllab-history-row' };
// antd types row props as plain HTML attributes; the data-test rides along in a spread.
const ROW_ATTRIBUTES: HTMLAttributes<HTMLElement> = { role: 'row', ...ROW_TEST_ID };
const SQL_PREVIEW_LENGTH = 200;

function startedText(ms: number | null): string {
  return ms === null ? '' : new Date(ms).toLocaleString();
}

/**
 * The tab's past queries with their state, start, duration, rows and SQL; each can re-run, open in a
 * new tab, or be removed from the tab.
 */
export function QueryHistory({ editorId }: { editorId: string }) {
  const dispatch = useAppDispatch();
  const local = useAppSelector((state) => selectTabQueries(state, editorId));
  const server = useGetEditorQueryHistoryQuery(editorId, { refetchOnMountOrArgChange: true }).data;
  const rows = useMemo(() => historyRows(local, server ?? []), [local, server]);

  const columns: TableProps<HistoryRow>['columns'] = [
    { title: 'State', key: 'state', width: 110, render: (_value, row) => <StatusBadge status={row.state} /> },
    { title: 'Started', key: 'started', width: 180, render: (_value, row) => startedText(row.startMs) },
    {
      title: 'Duration',
      key: 'duration',
      width: 120,
      render: (_value, row) =>
        row.startMs === null || row.endMs === null ? (
          ''
        ) : (
          <Typography.Text code>{formatDuration(row.endMs - row.startMs)}</Typography.Text>
        ),
    },
    {
      title: 'Rows',
      key: 'rows',
      width: 90,
      align: 'right',
      render: (_value, row) => (row.rows === null ? '' : formatCount(row.rows)),
    },
    {
      title: 'SQL',
      key: 'sql',
      ellipsis: true,
      render: (_value, row) => (
        <Typography.Text code title={row.sql} data-test="sqllab-history-sql">
          {row.sql.length > SQL_PREVIEW_LENGTH ? `${row.sql.slice(0, SQL_PREVIEW_LENGTH)}…` : row.sql}
        </Typography.Text>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 132,
      render: (_value, row) => (
        <Flex gap={4}>
          <Tooltip title="Run again in this tab">
            <Button
              size="small"
              icon={<RedoOutlined />}
              aria-label="Run again"
              data-test="sqllab-history-rerun"
              onClick={() => void dispatch(rerunQuery(editorId, row))}
            />
          </Tooltip>
          <Tooltip title="Open in a new tab">
            <Button
              size="small"
              icon={<PlusSquareOutlined />}
              aria-label="Open in a new tab"
              data-test="sqllab-history-open"
              onClick={() =>
                dispatch(
                  addNewTab({
                    sql: row.sql,
                    dbId: row.dbId,
                    schema: row.schema,
                    catalog: row.catalog,
                    templateParams: row.templateParams,
                  }),
                )
              }
            />
          </Tooltip>
          <Tooltip title="Remove from this tab">
            <Button
              size="small"
              icon={<DeleteOutlined />}
              aria-label="Remove query"
              data-test="sqllab-history-remove"
              onClick={() => void dispatch(removeTabQuery(editorId, row.id))}
            />
          </Tooltip>
        </Flex>
      ),
    },
  ];

  if (rows.length === 0) {
    return <Empty data-test="sqllab-history-empty" description="No queries have run in this tab yet." />;
  }
  return (
    <Table<HistoryRow>
      data-test="sqllab-history"
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={rows}
      pagination={false}
      onRow={() => ROW_ATTRIBUTES}
      scroll={{ y: '100%' }}
      style={{ height: '100%', overflow: 'auto' }}
    />
  );
}
