import { BarChartOutlined, CaretRightOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Spin, Tag, theme, Tooltip, Typography } from 'antd';
import type { ExploreDatasource } from '@tessera/contracts';
import type { ExploreFormData, ValidationErrors } from '@tessera/core';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  DrillableChart,
  chartFailure,
  holderStatus,
  isSupportedVizType,
  UnsupportedChart,
  type ChartState,
} from '../../chart-runtime';
import { ErrorMessage } from '../../../shared/errors/ErrorMessage';
import { DataPane } from './DataPane';
import { useDashboardColors } from './use-dashboard-colors';
import { asFormData, buildQueryContext, runChart, stopChart, UNSAVED_CHART_ID } from './chart-actions';
import { useMemo } from 'react';
import { selectExplore } from '../store/explore-store';

interface ChartPaneProps {
  chartId: number;
  chart: ChartState;
  datasource: ExploreDatasource;
  errors: ValidationErrors;
  /** Control labels by form-data key, for the validation summary. */
  labels: Readonly<Record<string, string>>;
  /** The form differs from the one the chart shows: the button says so. */
  stale: boolean;
  standalone: boolean;
  /** The form's viz type: one no plugin draws shows the unsupported notice instead of a chart. */
  vizType: string;
  /** The dashboard Explore was opened from: the chart takes its colours. */
  dashboardId?: number | null;
}

function rowCount(chart: ChartState): number | null {
  const first = chart.queriesResponse?.[0];
  return first?.rowcount ?? first?.data?.length ?? null;
}

/** The right column: run/stop, status line, the chart itself and the data pane below it. */
export function ChartPane({
  chartId,
  chart,
  datasource,
  errors,
  labels,
  stale,
  standalone,
  vizType,
  dashboardId = null,
}: ChartPaneProps) {
  const { token } = theme.useToken();
  const labelColors = useDashboardColors(dashboardId);
  const dispatch = useAppDispatch();
  const mode = useAppSelector((state) => state.theme.mode);
  const loading = chart.chartStatus === 'loading';
  const errorList = Object.entries(errors);
  const blocked = errorList.length > 0;
  const rows = rowCount(chart);
  const seconds =
    chart.chartUpdateStartTime !== null && chart.chartUpdateEndTime !== null
      ? (chart.chartUpdateEndTime - chart.chartUpdateStartTime) / 1000
      : null;
  const cached = chart.queriesResponse?.[0]?.is_cached === true;
  const hasData =
    (chart.chartStatus === 'success' || chart.chartStatus === 'rendered') && chart.queriesResponse !== null;

  const unsupported = !isSupportedVizType(vizType);
  // The name as the header shows it (edits included); an unsaved chart goes by its dataset.
  const sliceName = useAppSelector((state) => selectExplore(state).sliceName);
  const drill = useMemo(
    () => ({
      chartName: sliceName !== '' ? sliceName : datasource.name,
      datasource,
      queryContextOf: (formData: ExploreFormData) => buildQueryContext(formData),
    }),
    [sliceName, datasource],
  );
  const chartBody = (() => {
    if (unsupported) return <UnsupportedChart vizType={vizType} />;
    if (blocked && !hasData) {
      return (
        <Empty
          image={<BarChartOutlined style={{ fontSize: 56, color: token.colorTextQuaternary }} />}
          description={
            <Flex vertical gap={token.marginXXS} data-test="chart-validation-errors">
              <Typography.Text strong>Add required control values to preview chart data</Typography.Text>
              {errorList.map(([name, messages]) => (
                <Typography.Text key={name} type="secondary">
                  {labels[name] ?? name}: {messages.join('. ')}
                </Typography.Text>
              ))}
            </Flex>
          }
        />
      );
    }
    if (chart.chartStatus === 'stopped') {
      return <Alert type="warning" showIcon title={chart.chartAlert} data-test="chart-alert" />;
    }
    if (chart.chartStatus === 'failed') {
      return <ErrorMessage error={chartFailure(chart)} data-test="chart-alert" />;
    }
    if (chart.chartStatus === null) {
      return (
        <Empty
          image={<BarChartOutlined style={{ fontSize: 56, color: token.colorTextQuaternary }} />}
          description="Click “Create chart” (Ctrl + Enter) to run the query and see the chart"
          data-test="chart-empty"
        />
      );
    }
    if (hasData && rows === 0) {
      return <Empty description="No results were returned for this query" data-test="chart-no-results" />;
    }
    if (hasData) {
      return (
        <DrillableChart
          drill={drill}
          queryFormData={chart.latestQueryFormData}
          chartId={chartId}
          logSource={{ source: 'explore', sourceId: chartId === UNSAVED_CHART_ID ? null : chartId }}
          formData={asFormData(chart.latestQueryFormData)}
          queriesData={chart.queriesResponse ?? []}
          datasource={datasource}
          theme={mode}
          {...(labelColors === null ? {} : { labelColors })}
        />
      );
    }
    return null;
  })();

  const centered =
    !hasData || rows === 0 || chart.chartStatus === 'failed' || chart.chartStatus === 'stopped';
  return (
    <Flex vertical gap={token.marginSM} style={{ height: '100%', minHeight: 0 }}>
      {standalone ? null : (
        <Flex align="center" gap={token.marginSM} wrap>
          {loading ? (
            <Button
              danger
              icon={<StopOutlined />}
              onClick={() => dispatch(stopChart(chartId))}
              data-test="stop-query"
            >
              Stop
            </Button>
          ) : (
            <Tooltip title={blocked ? 'Fix the highlighted controls first' : 'Ctrl + Enter'}>
              <Button
                type="primary"
                icon={<CaretRightOutlined />}
                disabled={blocked}
                onClick={() => void dispatch(runChart(chartId))}
                data-test="run-query-button"
              >
                {chart.chartStatus === null ? 'Create chart' : 'Update chart'}
              </Button>
            </Tooltip>
          )}
          {stale && chart.chartStatus !== null && !loading ? (
            <Typography.Text type="warning" style={{ fontSize: token.fontSizeSM }} data-test="chart-stale">
              Controls changed — update the chart to see them
            </Typography.Text>
          ) : null}
          <Flex gap={token.marginXS} style={{ marginLeft: 'auto' }} align="center">
            {rows !== null && hasData ? (
              <Tag data-test="row-count">
                {rows.toLocaleString()} {rows === 1 ? 'row' : 'rows'}
              </Tag>
            ) : null}
            {cached && hasData ? <Tag color="gold">cached</Tag> : null}
            {seconds !== null ? <Tag data-test="query-time">{seconds.toFixed(2)} s</Tag> : null}
          </Flex>
        </Flex>
      )}
      <div
        style={{
          flex: 1,
          minHeight: 240,
          position: 'relative',
          border: standalone ? undefined : `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          background: token.colorBgContainer,
          padding: token.paddingSM,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: centered ? 'center' : undefined,
        }}
        data-test="chart-container"
        data-chart-status={unsupported ? 'failed' : holderStatus(chart.chartStatus)}
        data-chart-unsupported={unsupported ? 'true' : undefined}
      >
        {chartBody}
        {loading ? (
          <Flex
            align="center"
            justify="center"
            style={{
              position: 'absolute',
              inset: 0,
              background: token.colorBgMask,
              opacity: 0.6,
              borderRadius: token.borderRadiusLG,
            }}
          >
            <Spin size="large" data-test="chart-loading" />
          </Flex>
        ) : null}
      </div>
      {standalone ? null : (
        <DataPane formData={chart.latestQueryFormData} datasource={datasource} enabled={hasData} />
      )}
    </Flex>
  );
}
