import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { getChartPlugin, type ControlDeclaration } from '@tessera/charts';
import { CHART_MESSAGES } from '@tessera/contracts';
import { Alert, Flex, Tag, theme, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ErrorMessage } from '../../../shared/errors/ErrorMessage';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { DATASET_LIST_PATH } from '../../datasets/paths';
import { useFillViewport } from '../../sqllab/page/use-fill-viewport';
import { ChartPane } from '../chart/ChartPane';
import { asFormData, runChart, UNSAVED_CHART_ID } from '../chart/chart-actions';
import { addToControl } from '../controls/add-to-control';
import { ControlPanel, type PendingFilter } from '../controls/ControlPanel';
import { accepts, isDragItem, type DragItem } from '../controls/dnd';
import { DatasourcePanel, type AddTarget } from '../datasource/DatasourcePanel';
import { ExploreHeader } from '../header/ExploreHeader';
import { SaveModal } from '../save/SaveModal';
import { selectValidationErrors } from '../state';
import { exploreActions, selectChart, selectControlsChanged, selectExplore } from '../store/explore-store';
import { readExploreUrl } from '../url-params';
import { VizTypePicker } from '../viz/VizTypePicker';
import { useExploreLoader } from './use-explore-loader';
import { useExploreMountLogging } from './use-explore-logging';

/** /explore/ and the permalink routes: the chart builder (spec 001 §2 'Explore'). */
export function ExplorePage() {
  const location = useLocation();
  const { key } = useParams();
  const url = useMemo(() => readExploreUrl(location.search, key), [location.search, key]);
  const load = useExploreLoader(url);
  if (load.status === 'loading') return <PageLoading />;
  if (load.status === 'failed') {
    return (
      <Flex vertical gap={12} style={{ maxWidth: 720, margin: '48px auto' }} data-test="explore-load-error">
        {typeof load.error === 'string' ? (
          <Alert
            type="info"
            showIcon
            title={load.error}
            action={<Link to={DATASET_LIST_PATH}>Datasets</Link>}
          />
        ) : (
          <ErrorMessage error={load.error} title="Could not open this chart" />
        )}
      </Flex>
    );
  }
  return <ExploreWorkspace standalone={url.standalone} dashboardId={url.dashboardId} />;
}

function ExploreWorkspace({ standalone, dashboardId }: { standalone: boolean; dashboardId: number | null }) {
  const { token } = theme.useToken();
  const dispatch = useAppDispatch();
  const explore = useAppSelector(selectExplore);
  const chartId = explore.slice?.slice_id ?? UNSAVED_CHART_ID;
  const chart = useAppSelector((state) => selectChart(state, chartId));
  const annotationStatus = useMemo(
    () => ({ loading: new Set(Object.keys(chart.annotationQuery)), errors: chart.annotationError }),
    [chart.annotationQuery, chart.annotationError],
  );
  const errors = useMemo(() => selectValidationErrors(explore), [explore]);
  const { ref, height } = useFillViewport(token.paddingLG);
  const chartRef = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState<DragItem | null>(null);
  const [pendingFilter, setPendingFilter] = useState<PendingFilter | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));

  const vizType = asFormData(explore.form_data).viz_type;
  const plugin = getChartPlugin(vizType);
  const controls = useMemo<ControlDeclaration[]>(
    () => plugin?.controlPanel.sections.flatMap((section) => section.controlSetRows.flat()) ?? [],
    [plugin],
  );
  const targets = useMemo<AddTarget[]>(
    () =>
      controls.map((control) => ({
        name: control.name,
        label: control.label,
        accepts: (item: DragItem) => accepts(control.type, item),
      })),
    [controls],
  );
  const labels = useMemo(
    () => Object.fromEntries(controls.map((control) => [control.name, control.label])),
    [controls],
  );
  const stale = useAppSelector(selectControlsChanged);
  useExploreMountLogging(explore.slice?.slice_id ?? null, explore.slice?.slice_name ?? null, standalone);

  const change = useCallback(
    (name: string, value: unknown) => {
      dispatch(exploreActions.controlValueChanged({ name, value }));
    },
    [dispatch],
  );
  const add = useCallback(
    (controlName: string, item: DragItem) => {
      const control = controls.find((candidate) => candidate.name === controlName);
      if (control === undefined) return;
      const outcome = addToControl(control, explore.form_data[controlName], item);
      if (outcome.kind === 'value') change(controlName, outcome.value);
      if (outcome.kind === 'openFilter') setPendingFilter({ control: controlName, subject: outcome.subject });
    },
    [controls, explore.form_data, change],
  );
  const clearPendingFilter = useCallback(() => {
    setPendingFilter(null);
  }, []);

  // Ctrl/Cmd + Enter runs the chart from anywhere on the page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        void dispatch(runChart(chartId));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [dispatch, chartId]);

  const onDragStart = (event: DragStartEvent) => {
    const data = event.active.data.current;
    setDragging(isDragItem(data) ? data : null);
  };
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    const data = event.active.data.current;
    const over = event.over?.data.current;
    if (!isDragItem(data) || over === undefined || typeof over.controlName !== 'string') return;
    add(over.controlName, data);
  };

  if (explore.datasource === null) return null;
  const datasource = explore.datasource;

  if (standalone || explore.standalone) {
    return (
      <div ref={ref} style={{ height }} data-test="explore-standalone">
        <div ref={chartRef} style={{ height: '100%' }}>
          <ChartPane
            dashboardId={dashboardId}
            chartId={chartId}
            chart={chart}
            datasource={datasource}
            errors={errors}
            labels={labels}
            vizType={vizType}
            stale={false}
            standalone
          />
        </div>
      </div>
    );
  }

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setDragging(null);
      }}
    >
      <Flex vertical gap={token.marginSM} data-test="explore-page">
        <ExploreHeader chartId={chartId} chart={chart} chartRef={chartRef} />
        <div
          ref={ref}
          style={{
            height,
            display: 'grid',
            gridTemplateColumns: '260px 360px minmax(0, 1fr)',
            gap: token.margin,
          }}
        >
          <Panel>
            <DatasourcePanel datasource={datasource} targets={targets} onAdd={add} />
          </Panel>
          <Panel scroll>
            <Flex vertical gap={token.marginSM}>
              <div>
                <Typography.Text strong style={{ fontSize: token.fontSizeSM }}>
                  Chart type
                </Typography.Text>
                <VizTypePicker
                  value={vizType}
                  onChange={(next) => {
                    dispatch(exploreActions.vizTypeChanged(next));
                  }}
                />
              </div>
              {plugin ? (
                <ControlPanel
                  key={vizType}
                  panel={plugin.controlPanel}
                  formData={explore.form_data}
                  datasource={datasource}
                  errors={errors}
                  controlsTransferred={explore.controlsTransferred}
                  pendingFilter={pendingFilter}
                  onPendingFilterHandled={clearPendingFilter}
                  onChange={change}
                  annotationStatus={annotationStatus}
                />
              ) : (
                <Alert
                  type="info"
                  showIcon
                  title={`${CHART_MESSAGES.unsupportedVizType}: “${vizType}”`}
                  description="It has no controls here. Pick another chart type above to work with its data."
                  data-test="explore-unsupported-controls"
                />
              )}
            </Flex>
          </Panel>
          <div ref={chartRef} style={{ minWidth: 0, minHeight: 0 }}>
            <ChartPane
              dashboardId={dashboardId}
              chartId={chartId}
              chart={chart}
              datasource={datasource}
              errors={errors}
              labels={labels}
              vizType={vizType}
              stale={stale}
              standalone={false}
            />
          </div>
        </div>
      </Flex>
      <SaveModal key={explore.saveModal.isVisible ? 'open' : 'closed'} dashboardId={dashboardId} />
      <DragOverlay dropAnimation={null}>
        {dragging ? (
          <Tag
            color="blue"
            style={{
              padding: `${String(token.paddingXXS)}px ${String(token.paddingXS)}px`,
              boxShadow: token.boxShadowSecondary,
            }}
          >
            {dragging.kind === 'metric' ? dragging.metric.metric_name : dragging.column.column_name}
          </Tag>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

function Panel({ children, scroll = false }: { children: ReactNode; scroll?: boolean }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minHeight: 0,
        overflowY: scroll ? 'auto' : 'hidden',
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingSM,
      }}
    >
      {children}
    </div>
  );
}
