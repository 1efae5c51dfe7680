import { InfoCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Spin, theme, Tooltip, Typography } from 'antd';
import type { DataMask } from '@tessera/charts';
import type { ExploreFormData } from '@tessera/core';
import { memo, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import {
  DrillableChart,
  drillAbilities,
  chartFailure,
  holderStatus,
  isSupportedVizType,
  UnsupportedChart,
} from '../../../chart-runtime';
import { ErrorMessage } from '../../../../shared/errors/ErrorMessage';
import { selectChart } from '../../../chart-runtime/chart-store';
import { dashboardStateActions } from '../../state/dashboard-state.slice';
import {
  selectDashboardChart,
  selectDashboardDatasource,
  selectDashboardState,
  selectMissingChart,
} from '../../state/dashboard-store';
import { DashboardViewContext } from '../dashboard-view-context';
import { ChartMenu } from './ChartMenu';
import { ChartTitle } from './ChartTitle';
import { LightChartHeader } from './LightChartHeader';
import { useDrawTurn } from './use-draw-turn';
import { asPluginFormData, dashboardFormData, dashboardQueryContext, runDashboardChart } from './chart-query';
import { useNearViewport } from './use-near-viewport';
import { FiltersIndicator } from '../../native-filters/FiltersIndicator';
import { filteredFormData } from '../../native-filters/chart-filters-state';
import { filterFocusOf } from '../../native-filters/filter-focus';
import { nativeFiltersActions } from '../../native-filters/native-filters.slice';
import { useChartFilters } from '../../native-filters/use-chart-filters';
import { selectCrossFiltersEnabled, selectNativeFilters } from '../../state/dashboard-store';

interface DashboardChartHolderProps {
  chartId: number;
  /** Pixels, or '100%' when the chart fills the dashboard area (full size). */
  height: number | string;
  /** The layout's name for the chart (sliceNameOverride, then its cached sliceName). */
  titleOverride: string | null;
}

/**
 * One chart on a dashboard: header with title, description toggle and menu, and the chart drawn by the
 * chart runtime. It asks for its data once it comes near the viewport (all at once in report mode).
 */
export const DashboardChartHolder = memo(function DashboardChartHolder({
  chartId,
  height,
  titleOverride,
}: DashboardChartHolderProps) {
  const { token } = theme.useToken();
  const dispatch = useAppDispatch();
  const view = useContext(DashboardViewContext);
  const entity = useAppSelector((state) => selectDashboardChart(state, chartId));
  const missing = useAppSelector((state) => selectMissingChart(state, chartId));
  const chart = useAppSelector((state) => selectChart(state, chartId));
  const datasource = useAppSelector((state) =>
    entity === null ? null : selectDashboardDatasource(state, entity.datasourceKey),
  );
  // One field each, not the whole dashboardState: a change elsewhere in it (the datasets status, the
  // active tab, another chart's description) must not redraw every chart holder on the page.
  const colorScheme = useAppSelector((state) => selectDashboardState(state).colorScheme);
  const expanded = useAppSelector(
    (state) => selectDashboardState(state).expandedSlices[String(chartId)] === true,
  );
  const loadAllCharts = useAppSelector((state) => selectDashboardState(state).loadAllCharts);
  const datasetsStatus = useAppSelector((state) => selectDashboardState(state).datasetsStatus);
  const mode = useAppSelector((state) => state.theme.mode);
  const ref = useRef<HTMLDivElement>(null);
  // Woken by the pointer or keyboard reaching the light header's buttons before the chart came near.
  const [woken, setWoken] = useState<{ focus: string | null } | null>(null);
  const near = useNearViewport(ref, loadAllCharts || view.reportMode || woken !== null);

  const { ready: filtersReady, filters } = useChartFilters(entity);
  const crossFiltersEnabled = useAppSelector(selectCrossFiltersEnabled);
  const ownCrossFilter = useAppSelector((state) => selectNativeFilters(state).applied[String(chartId)]);
  const formData = useMemo(
    () =>
      entity === null
        ? null
        : filteredFormData(dashboardFormData(entity, view.dashboardId, colorScheme, view.urlParams), filters),
    [entity, view.dashboardId, colorScheme, view.urlParams, filters],
  );
  // Interactive plugins call this on click: the chart's cross-filter, kept under its id.
  const hooks = useMemo(
    () => ({
      setDataMask: (mask: DataMask) => {
        dispatch(nativeFiltersActions.crossFilterSet({ chartId, mask: { ...mask } }));
      },
    }),
    [chartId, dispatch],
  );
  const filterFocus = useAppSelector((state) => filterFocusOf(selectNativeFilters(state), chartId));
  const focused = view.focusedChartId === chartId;
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: 'center' });
  }, [focused]);
  useEffect(() => {
    if (near && formData !== null && filtersReady) void dispatch(runDashboardChart(chartId, formData));
  }, [near, formData, filtersReady, chartId, dispatch]);
  // Focus reached a light header's stand-in: hand it to the real control that replaced it.
  const focusAfterWake = woken?.focus ?? null;
  useEffect(() => {
    if (focusAfterWake === null) return;
    ref.current?.querySelector<HTMLElement>(`[data-test="${focusAfterWake}"]`)?.focus();
  }, [focusAfterWake]);

  // One object per query's form data: a new one would make the renderer transform and draw the chart
  // again, so every holder re-render (a filter applied, the status turning 'rendered') redrew it.
  const drawnFormData = useMemo(
    () => asPluginFormData(chart.latestQueryFormData),
    [chart.latestQueryFormData],
  );
  const vizType = formData === null ? null : asPluginFormData(formData).viz_type;
  const unsupported = vizType !== null && !isSupportedVizType(vizType);
  const title = titleOverride ?? entity?.sliceName ?? `Chart ${String(chartId)}`;
  // Report screenshots draw charts only: no context menu there.
  const user = useAppSelector((state) => state.session.user);
  const featureFlags = useAppSelector((state) => state.session.common?.feature_flags);
  const drill = useMemo(
    () =>
      datasource === null || view.reportMode
        ? null
        : {
            chartName: title,
            datasource,
            queryContextOf: (queryFormData: ExploreFormData) => dashboardQueryContext(queryFormData),
          },
    [datasource, view.reportMode, title],
  );
  const canDrillToDetail =
    drill !== null &&
    vizType !== null &&
    drillAbilities(user, drill.datasource, { featureFlags, vizType }).drillToDetail;
  const status =
    missing !== null ? 'failed' : formData === null || !near ? 'none' : holderStatus(chart.chartStatus);
  // Export and report mode draw every chart at once; otherwise the charts on the screen draw first.
  const mayDraw = useDrawTurn(
    ref,
    loadAllCharts || view.reportMode ? null : view.drawGate,
    chartId,
    status === 'rendered' || status === 'failed' || unsupported,
  );
  const first = chart.queriesResponse?.[0];
  const rows = first?.rowcount ?? first?.data?.length ?? null;
  const hasData =
    (chart.chartStatus === 'success' || chart.chartStatus === 'rendered') && chart.queriesResponse !== null;

  const body = (() => {
    if (!near) return null;
    if (missing !== null) {
      return (
        <Flex align="center" justify="center" style={{ flex: 1, minHeight: 0 }}>
          <Alert
            type="error"
            showIcon
            title="This chart could not be loaded"
            description={missing.error}
            data-test="dashboard-chart-missing"
            style={{ width: '100%', maxWidth: 480 }}
          />
        </Flex>
      );
    }
    // Checked before the status: the notice shows as soon as the chart is known, before any query.
    if (unsupported) return <UnsupportedChart vizType={vizType} />;
    if (chart.chartStatus === 'failed' || chart.chartStatus === 'stopped') {
      // The datasets loaded without this chart's: its dataset was deleted (or is out of reach), which
      // says more than the data request's bare 'Not found'.
      const datasetGone =
        chart.chartStatus === 'failed' && datasource === null && datasetsStatus === 'failed';
      return (
        <Flex align="center" justify="center" style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
          {datasetGone || chart.chartStatus === 'stopped' ? (
            <Alert
              type={chart.chartStatus === 'stopped' ? 'warning' : 'error'}
              showIcon
              title={datasetGone ? "This chart's dataset no longer exists" : chart.chartAlert}
              description={
                datasetGone
                  ? 'It may have been deleted, or you may no longer have access to it. Edit the chart to pick another dataset, or remove it from the dashboard.'
                  : undefined
              }
              data-test="dashboard-chart-alert"
              style={{ width: '100%', maxWidth: 480 }}
            />
          ) : (
            <div style={{ width: '100%', maxWidth: 480 }}>
              <ErrorMessage error={chartFailure(chart)} data-test="dashboard-chart-alert" />
            </div>
          )}
        </Flex>
      );
    }
    if (hasData && rows === 0) return <Empty description="No results were returned for this query" />;
    if (hasData && formData !== null && mayDraw) {
      return (
        <DrillableChart
          drill={drill}
          queryFormData={chart.latestQueryFormData}
          chartId={chartId}
          logSource={view.reportMode ? undefined : { source: 'dashboard', sourceId: view.dashboardId }}
          formData={drawnFormData}
          queriesData={chart.queriesResponse ?? []}
          datasource={datasource ?? undefined}
          theme={mode}
          labelColors={view.labelColors ?? undefined}
          hooks={hooks}
          emitCrossFilters={crossFiltersEnabled && !view.reportMode}
          filterState={ownCrossFilter?.filterState}
        />
      );
    }
    return (
      <Flex align="center" justify="center" style={{ flex: 1 }}>
        <Spin data-test="dashboard-chart-loading" />
      </Flex>
    );
  })();

  const description = entity?.description ?? null;
  return (
    <div
      ref={ref}
      data-test="dashboard-chart"
      data-test-chart-id={chartId}
      data-chart-status={status}
      data-chart-unsupported={unsupported ? 'true' : undefined}
      data-filter-focus={filterFocus ?? undefined}
      style={{
        height,
        display: 'flex',
        flexDirection: 'column',
        background: token.colorBgContainer,
        border: `1px solid ${focused || filterFocus === 'in-scope' ? token.colorPrimary : token.colorBorderSecondary}`,
        boxShadow:
          focused || filterFocus === 'in-scope' ? `0 0 0 2px ${token.colorPrimaryBorder}` : undefined,
        // While a filter in the bar is pointed at, the charts it does not reach step back.
        opacity: filterFocus === 'out-of-scope' ? 0.3 : 1,
        transition: `opacity ${token.motionDurationMid}, box-shadow ${token.motionDurationMid}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingSM,
        minWidth: 0,
      }}
    >
      {!near ? (
        <LightChartHeader
          title={title}
          showDescriptionToggle={description !== null && description !== '' && !view.reportMode}
          showMenu={!view.hideChartControls && formData !== null}
          onWake={(focus) => {
            setWoken((current) => current ?? { focus });
          }}
        />
      ) : (
        <Flex align="center" gap={token.marginXXS} style={{ minHeight: 24 }}>
          <ChartTitle title={title} />
          {view.reportMode ? null : <FiltersIndicator filters={filters} />}
          {description !== null && description !== '' && !view.reportMode ? (
            <Tooltip title={expanded ? 'Hide description' : 'Show description'}>
              <Button
                type="text"
                size="small"
                icon={<InfoCircleOutlined />}
                aria-label="Toggle description"
                onClick={() => dispatch(dashboardStateActions.sliceExpandedToggled(chartId))}
                data-test="dashboard-chart-description-toggle"
              />
            </Tooltip>
          ) : null}
          {view.hideChartControls || formData === null ? null : (
            <ChartMenu
              chartId={chartId}
              dashboardId={view.dashboardId}
              title={title}
              formData={formData}
              canExplore={view.canExplore}
              canCsv={view.canCsv}
              canShareChart={view.canShareChart}
              canDrillToDetail={canDrillToDetail}
              holderRef={ref}
            />
          )}
        </Flex>
      )}
      {expanded && description !== null ? (
        <Typography.Paragraph type="secondary" data-test="dashboard-chart-description" style={{ margin: 0 }}>
          {description}
        </Typography.Paragraph>
      ) : null}
      <div style={{ flex: 1, minHeight: 0, position: 'relative', display: 'flex', flexDirection: 'column' }}>
        {body}
        {chart.chartStatus === 'loading' && hasData ? (
          <Flex align="center" justify="center" style={{ position: 'absolute', inset: 0 }}>
            <Spin />
          </Flex>
        ) : null}
      </div>
    </div>
  );
});
