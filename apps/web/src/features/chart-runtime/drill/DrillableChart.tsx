import type { ChartContextMenuEvent, DrillFilter } from '@tessera/charts';
import type { ExploreDatasource, QueryContext } from '@tessera/contracts';
import type { ExploreFormData } from '@tessera/core';
import { useMemo, useRef, useState, type ComponentProps, type MouseEvent } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { ChartHolder } from '../ChartHolder';
import { ChartContextMenu, type ContextMenuChoice } from './ChartContextMenu';
import { LazyDrillByModal, LazyDrillDetailModal } from './lazy-drill-modals';
import { drillAbilities } from './drill-permissions';
import { drillByColumns, drillByFormData, type DrillByColumn } from './drill-query';

/** What a screen tells the runtime so its chart can be drilled into. */
export interface DrillSetup {
  chartName: string;
  datasource: ExploreDatasource;
  /** The screen's query context for a form data (Explore's, or the dashboard's with its filters). */
  queryContextOf: (formData: ExploreFormData) => QueryContext | null;
}

type Open =
  | { kind: 'menu'; x: number; y: number; filters: DrillFilter[] }
  | { kind: 'detail'; filters: DrillFilter[] }
  | { kind: 'drillBy'; column: DrillByColumn; filters: DrillFilter[] }
  | null;

type DrillableChartProps = ComponentProps<typeof ChartHolder> & {
  /** The form data the chart ran with (its filters in it); drilling starts from it. */
  queryFormData: ExploreFormData;
  drill: DrillSetup | null;
};

/**
 * A chart of the runtime with Superset's context menu: a right click (on a data point or beside the
 * data) offers drill to detail and drill by, as the user's permissions and the database allow.
 */
export function DrillableChart({ drill, queryFormData, ...holderProps }: DrillableChartProps) {
  const user = useAppSelector((state) => state.session.user);
  const featureFlags = useAppSelector((state) => state.session.common?.feature_flags);
  const vizType = holderProps.formData.viz_type;
  const abilities = useMemo(
    () => drillAbilities(user, drill?.datasource ?? null, { featureFlags, vizType }),
    [user, drill, featureFlags, vizType],
  );
  const enabled = drill !== null && (abilities.drillToDetail || abilities.drillBy);
  const [open, setOpen] = useState<Open>(null);
  // The plugin reports the clicked point first; the same DOM event then reaches the wrapper below.
  const point = useRef<ChartContextMenuEvent | null>(null);
  const screenHooks = holderProps.hooks;
  const hooks = useMemo(
    () =>
      enabled
        ? {
            ...screenHooks,
            onContextMenu: (event: ChartContextMenuEvent) => {
              point.current = event;
            },
          }
        : screenHooks,
    [enabled, screenHooks],
  );
  const columns = useMemo(
    () => (drill === null ? [] : drillByColumns(drill.datasource, holderProps.formData)),
    [drill, holderProps.formData],
  );

  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    // Menus and modals are portals: their events bubble here through React, not through the DOM.
    if (!enabled || !(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    event.preventDefault();
    const clicked = point.current?.nativeEvent === event.nativeEvent ? point.current.filters : [];
    point.current = null;
    setOpen({ kind: 'menu', x: event.clientX, y: event.clientY, filters: clicked });
  };
  const onChoose = (choice: ContextMenuChoice) => {
    setOpen(choice);
  };
  const close = () => {
    setOpen(null);
  };

  // Kept while the form data stays: a new context would make an open modal ask for its rows again.
  const baseContext = useMemo(
    () => (drill === null ? null : drill.queryContextOf(queryFormData)),
    [drill, queryFormData],
  );
  const drillBy = open?.kind === 'drillBy' && drill !== null ? open : null;
  const drillByForm = useMemo(
    () =>
      drillBy === null || drill === null
        ? null
        : drillByFormData(queryFormData, drill.datasource, drillBy.column.name, drillBy.filters),
    [drillBy, drill, queryFormData],
  );
  const drillByContext = useMemo(
    () => (drillByForm === null || drill === null ? null : drill.queryContextOf(drillByForm)),
    [drillByForm, drill],
  );
  const drillByPluginForm = useMemo(
    () =>
      drillByForm === null
        ? null
        : {
            ...drillByForm,
            viz_type: holderProps.formData.viz_type,
            datasource: holderProps.formData.datasource,
          },
    [drillByForm, holderProps.formData.viz_type, holderProps.formData.datasource],
  );

  return (
    <div
      onContextMenu={onContextMenu}
      data-test="drillable-chart"
      style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
    >
      <ChartHolder {...holderProps} hooks={hooks} />
      {open?.kind === 'menu' ? (
        <ChartContextMenu
          x={open.x}
          y={open.y}
          filters={open.filters}
          abilities={abilities}
          columns={columns}
          onChoose={onChoose}
          onClose={() => {
            setOpen((current) => (current?.kind === 'menu' ? null : current));
          }}
        />
      ) : null}
      {open?.kind === 'detail' && drill !== null && baseContext !== null ? (
        <LazyDrillDetailModal
          chartName={drill.chartName}
          baseContext={baseContext}
          initialFilters={open.filters}
          onClose={close}
        />
      ) : null}
      {drillBy !== null && drillByForm !== null && drillByPluginForm !== null && drill !== null ? (
        <LazyDrillByModal
          chartId={holderProps.chartId}
          chartName={drill.chartName}
          column={drillBy.column}
          filters={drillBy.filters}
          formData={drillByForm}
          pluginFormData={drillByPluginForm}
          queryContext={drillByContext}
          datasource={drill.datasource}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
