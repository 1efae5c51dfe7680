import { Empty, Flex, Modal, Segmented, Spin, Table, Tag, theme, Typography } from 'antd';
import type { DrillFilter, FormData } from '@tessera/charts';
import type { ExploreDatasource, QueryContext } from '@tessera/contracts';
import type { ExploreFormData } from '@tessera/core';
import { useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ErrorMessage } from '../../../shared/errors/ErrorMessage';
import { ChartHolder, holderStatus } from '../ChartHolder';
import { chartFailure } from '../chart-failure';
import { chartRemoved } from '../chart-status.slice';
import { selectChart } from '../chart-store';
import { failChartQuery, runChartQuery } from '../chart-thunks';
import { GENERIC_DATA_TYPES } from '@tessera/contracts';
import { drillCellText, rowKeys } from './drill-cells';
import { drillFilterText, type DrillByColumn } from './drill-query';

/**
 * The drill by chart's key in the charts slice: negative, so it never meets a saved chart's id (nor
 * Explore's unsaved 0), and one per source chart.
 */
export const drillByChartId = (chartId: number): number => -1 - Math.abs(chartId);

interface DrillByModalProps {
  chartId: number;
  chartName: string;
  column: DrillByColumn;
  filters: readonly DrillFilter[];
  /** The drilled chart's form data (drillByFormData) and the plugin form data it draws with. */
  formData: ExploreFormData;
  pluginFormData: FormData;
  queryContext: QueryContext | null;
  datasource: ExploreDatasource;
  onClose: () => void;
}

/**
 * Drill by: the chart's type drawn again by another column, through the chart runtime under its own
 * key, with a switch to see the result as a table.
 */
export function DrillByModal({
  chartId,
  chartName,
  column,
  filters,
  formData,
  pluginFormData,
  queryContext,
  datasource,
  onClose,
}: DrillByModalProps) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const id = drillByChartId(chartId);
  const chart = useAppSelector((state) => selectChart(state, id));
  const mode = useAppSelector((state) => state.theme.mode);
  const [view, setView] = useState<'chart' | 'table'>('chart');

  useEffect(() => {
    if (queryContext === null) dispatch(failChartQuery(id, formData, 'This chart type cannot be drilled by'));
    else void dispatch(runChartQuery(id, formData, queryContext));
    return () => {
      dispatch(chartRemoved(id));
    };
  }, [dispatch, id, formData, queryContext]);

  const first = chart.queriesResponse?.[0];
  const hasData =
    (chart.chartStatus === 'success' || chart.chartStatus === 'rendered') && chart.queriesResponse !== null;
  const rows = useMemo(() => first?.data ?? [], [first]);

  const body = (() => {
    if (chart.chartStatus === 'failed')
      return <ErrorMessage error={chartFailure(chart)} data-test="drill-by-error" />;
    if (!hasData) return <Spin data-test="drill-by-loading" />;
    if (rows.length === 0) return <Empty description="No results were returned for this query" />;
    if (view === 'table')
      return (
        <Table
          size="small"
          data-test="drill-by-table"
          scroll={{ x: true, y: 380 }}
          rowKey={rowKeys(rows)}
          dataSource={rows}
          pagination={{ pageSize: 50, showSizeChanger: false }}
          columns={(first?.colnames ?? []).map((name, index) => ({
            key: name,
            title: name,
            dataIndex: name,
            render: (value: unknown) =>
              drillCellText(value, first?.coltypes?.[index] === GENERIC_DATA_TYPES.TEMPORAL),
          }))}
        />
      );
    return (
      <ChartHolder
        chartId={id}
        formData={pluginFormData}
        queriesData={chart.queriesResponse ?? []}
        datasource={datasource}
        theme={mode}
      />
    );
  })();

  return (
    <Modal
      open
      title={`Drill by: ${chartName}`}
      footer={null}
      width={1000}
      onCancel={onClose}
      data-test="drill-by-modal"
    >
      <Flex vertical gap={token.marginSM}>
        <Flex gap={token.marginXXS} wrap align="center">
          <Typography.Text type="secondary">By</Typography.Text>
          <Tag color="blue" data-test="drill-by-column-tag">
            {column.label}
          </Tag>
          {filters.map((filter) => (
            <Tag key={drillFilterText(filter)} data-test="drill-by-filter-tag">
              {drillFilterText(filter)}
            </Tag>
          ))}
          <Segmented
            style={{ marginLeft: 'auto' }}
            value={view}
            onChange={(value) => {
              setView(value === 'table' ? 'table' : 'chart');
            }}
            options={[
              { label: <span data-test="drill-by-show-chart">Chart</span>, value: 'chart' },
              { label: <span data-test="drill-by-show-table">Table</span>, value: 'table' },
            ]}
          />
        </Flex>
        <div
          data-test="drill-by-chart"
          data-chart-status={view === 'chart' ? holderStatus(chart.chartStatus) : 'none'}
          style={{ height: 420, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}
        >
          {body}
        </div>
      </Flex>
    </Modal>
  );
}
