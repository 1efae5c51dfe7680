import type { MetadataDb } from '../../db/kysely';
import type { Principal } from '../security/principal';

/** A chart as the dashboards it joins need it: its layout component shows the name and the uuid. */
export interface LinkedChart {
  id: number;
  slice_name: string;
  uuid: string;
}

/**
 * What the chart API needs of the dashboards a chart is on. The dashboards module owns the
 * `dashboard_slices` relation and the layouts it mirrors, and it builds on charts (it reads, checks and
 * copies them), so charts cannot import it without a module cycle: the dashboards module implements
 * this, and the composition root hands it over as `AppContext.chartDashboards`.
 */
export interface ChartDashboards {
  /** Ids of the dashboards a chart is on, ascending. */
  dashboardIdsOfChart(db: MetadataDb, chartId: number): Promise<number[]>;
  /** `{id, dashboard_title}` of the dashboards of each chart, keyed by chart id. */
  dashboardsOfCharts(
    db: MetadataDb,
    chartIds: readonly number[],
  ): Promise<Map<number, { id: number; dashboard_title: string }[]>>;
  /** Those of `dashboardIds` that exist. */
  existingDashboardIds(db: MetadataDb, dashboardIds: readonly number[]): Promise<number[]>;
  /** Whether the caller may edit every one of the dashboards (spec 001 §6). */
  canChangeDashboards(
    db: MetadataDb,
    principal: Principal,
    dashboardIds: readonly number[],
  ): Promise<boolean>;
  /** Makes `dashboardIds` the chart's dashboards, placing it in or removing it from their layouts. */
  setChartDashboards(db: MetadataDb, chart: LinkedChart, dashboardIds: readonly number[]): Promise<void>;
  /** Before charts are deleted: their components leave every dashboard layout. */
  removeChartsFromLayouts(db: MetadataDb, chartIds: readonly number[]): Promise<void>;
}
