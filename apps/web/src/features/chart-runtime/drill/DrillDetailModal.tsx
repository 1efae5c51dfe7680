import { Empty, Flex, Modal, Spin, Table, Tag, theme, Typography } from 'antd';
import type { DrillFilter } from '@tessera/charts';
import type { QueryContext } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { ErrorMessage } from '../../../shared/errors/ErrorMessage';
import { chartDataApi } from '../chart-data-api';
import { GENERIC_DATA_TYPES } from '@tessera/contracts';
import { drillCellText, rowKeys } from './drill-cells';
import {
  DRILL_COUNT_LABEL,
  DRILL_DETAIL_PAGE_SIZE,
  drillCountQueryContext,
  drillDetailQueryContext,
  drillFilterText,
} from './drill-query';

type PageState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; colnames: string[]; temporal: Set<string>; rows: Record<string, unknown>[] };

function countOf(row: Record<string, unknown> | undefined): number | null {
  const value = row?.[DRILL_COUNT_LABEL];
  const count = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(count) ? count : null;
}

interface DrillDetailModalProps {
  chartName: string;
  /** The chart's query context as it runs it (its filters and the dashboard's already in it). */
  baseContext: QueryContext;
  /** The clicked point's values; each shows as a tag the user may remove. */
  initialFilters: readonly DrillFilter[];
  onClose: () => void;
}

/**
 * Drill to detail: the rows of the chart's dataset behind the chart (or behind one data point), a page
 * at a time from the server (result_type drill_detail), with the total from a COUNT(*) under the same
 * filters.
 */
export function DrillDetailModal({ chartName, baseContext, initialFilters, onClose }: DrillDetailModalProps) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const [filters, setFilters] = useState<readonly DrillFilter[]>(initialFilters);
  const [page, setPage] = useState(0);
  const [state, setState] = useState<PageState>({ status: 'loading' });
  const [total, setTotal] = useState<number | null>(null);

  useEffect(() => {
    setState({ status: 'loading' });
    const request = dispatch(
      chartDataApi.endpoints.runChartData.initiate(drillDetailQueryContext(baseContext, filters, page)),
    );
    void request.then((result) => {
      if (result.data === undefined) {
        setState({ status: 'failed', error: result.error });
        return;
      }
      const first = result.data.result[0];
      const colnames = first?.colnames ?? [];
      const coltypes = first?.coltypes ?? [];
      const temporal = new Set(
        colnames.filter((_name, index) => coltypes[index] === GENERIC_DATA_TYPES.TEMPORAL),
      );
      setState({ status: 'ready', colnames, temporal, rows: first?.data ?? [] });
    });
    return () => {
      request.abort();
    };
  }, [dispatch, baseContext, filters, page]);

  useEffect(() => {
    setTotal(null);
    const request = dispatch(
      chartDataApi.endpoints.runChartData.initiate(drillCountQueryContext(baseContext, filters)),
    );
    void request.then((result) => {
      if (result.data !== undefined) setTotal(countOf(result.data.result[0]?.data?.[0]));
    });
    return () => {
      request.abort();
    };
  }, [dispatch, baseContext, filters]);

  const removeFilter = (removed: DrillFilter) => {
    setFilters((current) => current.filter((filter) => filter !== removed));
    setPage(0);
  };

  const body = (() => {
    if (state.status === 'failed') return <ErrorMessage error={state.error} data-test="drill-detail-error" />;
    if (state.status === 'ready' && state.rows.length === 0 && page === 0)
      return <Empty description="No rows were returned for this dataset" data-test="drill-detail-empty" />;
    return (
      <Table
        size="small"
        data-test="drill-detail-table"
        loading={
          state.status === 'loading' ? { indicator: <Spin data-test="drill-detail-loading" /> } : false
        }
        scroll={{ x: true, y: 420 }}
        rowKey={rowKeys(state.status === 'ready' ? state.rows : [])}
        dataSource={state.status === 'ready' ? state.rows : []}
        columns={(state.status === 'ready' ? state.colnames : []).map((name) => ({
          key: name,
          title: name,
          dataIndex: name,
          ellipsis: true,
          render: (value: unknown) =>
            drillCellText(value, state.status === 'ready' && state.temporal.has(name)),
        }))}
        pagination={{
          current: page + 1,
          pageSize: DRILL_DETAIL_PAGE_SIZE,
          total: total ?? (page + 1) * DRILL_DETAIL_PAGE_SIZE,
          showSizeChanger: false,
          showTotal: total === null ? undefined : (count) => `${count.toLocaleString()} rows`,
          onChange: (next) => {
            setPage(next - 1);
          },
        }}
      />
    );
  })();

  return (
    <Modal
      open
      title={`Drill to detail: ${chartName}`}
      footer={null}
      width={1000}
      onCancel={onClose}
      destroyOnHidden
      data-test="drill-detail-modal"
    >
      <Flex vertical gap={token.marginSM} data-test="drill-detail-pane">
        {filters.length > 0 ? (
          <Flex gap={token.marginXXS} wrap align="center" data-test="drill-detail-filters">
            <Typography.Text type="secondary">Filtered by</Typography.Text>
            {filters.map((filter) => (
              <Tag
                key={drillFilterText(filter)}
                closable
                onClose={() => {
                  removeFilter(filter);
                }}
                data-test="drill-detail-filter-tag"
              >
                {drillFilterText(filter)}
              </Tag>
            ))}
          </Flex>
        ) : null}
        {body}
      </Flex>
    </Modal>
  );
}
