import type { ChartParams } from './temporal-fields';

/**
 * How one legacy viz type becomes its ECharts successor, following what Superset's viz migrations
 * (migrate_viz) convert: `prepare` derives the new fields from the old ones (and may pick another target,
 * as a step line does), then keys are renamed and removed, then the time column moves (temporal-fields).
 * A field renamed onto a key the chart already has wins over that key, as in Superset.
 */
export interface VizMigration {
  target: string;
  renameKeys: Readonly<Record<string, string>>;
  removeKeys: readonly string[];
  /** The target shows an x-axis, so the legacy time column becomes it. */
  hasXAxis: boolean;
  /** Adhoc filter lists that get the chart's time range. */
  filterKeys: readonly string[];
  prepare: (params: ChartParams) => { params: ChartParams; target?: string };
}

const ADHOC_FILTERS = ['adhoc_filters'] as const;

function list(value: unknown): unknown[] {
  if (Array.isArray(value)) {
    const items: readonly unknown[] = value;
    return [...items];
  }
  return value === undefined || value === null || value === '' ? [] : [value];
}

function emptyMargin(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === 'auto';
}

/** NVD3's tick layout ('45°', 'flat', 'staggered', 'auto') as ECharts' label rotation in degrees. */
function tickRotation(params: ChartParams): ChartParams {
  const layout = params.x_ticks_layout;
  if (layout === undefined || layout === null || layout === '') return params;
  return { ...params, x_ticks_layout: layout === '45°' ? 45 : 0 };
}

/** A titled axis needs room for its title: NVD3's 'auto' margin becomes ECharts' 30px. */
function titleMargins(params: ChartParams): ChartParams {
  const result = { ...params };
  if (!emptyMargin(params.x_axis_label) && emptyMargin(params.bottom_margin)) result.bottom_margin = 30;
  if (!emptyMargin(params.y_axis_label) && emptyMargin(params.left_margin)) result.left_margin = 30;
  return result;
}

const TIMESERIES_RENAMES = {
  bottom_margin: 'x_axis_title_margin',
  left_margin: 'y_axis_title_margin',
  show_controls: 'show_extra_controls',
  x_axis_label: 'x_axis_title',
  x_axis_format: 'x_axis_time_format',
  x_axis_showminmax: 'truncateXAxis',
  x_ticks_layout: 'xAxisLabelRotation',
  y_axis_label: 'y_axis_title',
  y_axis_showminmax: 'truncateYAxis',
  y_log_scale: 'logAxis',
} as const;

const TIMESERIES_REMOVALS = [
  'contribution',
  'line_interpolation',
  'reduce_x_ticks',
  'show_brush',
  'show_markers',
] as const;

/** The NVD3 time-series charts' shared conversions (Superset's TimeseriesChart migration). */
function prepareTimeseries(params: ChartParams): ChartParams {
  const result = titleMargins(tickRotation(params));
  result.contributionMode = params.contribution === true ? 'row' : null;
  result.zoomable = params.show_brush === 'yes';
  result.markerEnabled = params.show_markers === true;
  // ECharts would otherwise start the y-axis at 0; NVD3 charts fitted it to the data.
  result.y_axis_showminmax = true;
  const compare = list(params.time_compare).filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  if (compare.length > 0) result.time_compare = compare.map((value) => `${value} ago`);
  // NVD3's comparison values (values, absolute, percentage, ratio) are the spec's own.
  result.comparison_type = typeof params.comparison_type === 'string' ? params.comparison_type : 'values';
  return result;
}

function timeseries(
  target: string,
  prepare: (params: ChartParams) => { params: ChartParams; target?: string },
  extra: { renameKeys?: Record<string, string>; removeKeys?: readonly string[]; hasXAxis?: boolean } = {},
): VizMigration {
  return {
    target,
    renameKeys: { ...TIMESERIES_RENAMES, ...extra.renameKeys },
    removeKeys: [...TIMESERIES_REMOVALS, ...(extra.removeKeys ?? [])],
    hasXAxis: extra.hasXAxis ?? true,
    filterKeys: ADHOC_FILTERS,
    prepare: (params) => prepare(prepareTimeseries(params)),
  };
}

const AREA_STACKS: Readonly<Record<string, string>> = { expand: 'Expand', stack: 'Stack', stream: 'Stream' };

const PIVOT_AGGREGATES: Readonly<Record<string, string>> = {
  sum: 'Sum',
  mean: 'Average',
  median: 'Median',
  min: 'Minimum',
  max: 'Maximum',
  std: 'Sample Standard Deviation',
  var: 'Sample Variance',
};

/** Legacy viz type → its conversion. Only targets Tessera draws are listed. */
export const VIZ_MIGRATIONS: Readonly<Record<string, VizMigration>> = {
  line: timeseries('echarts_timeseries_line', (params) => {
    // NVD3's interpolation picks the ECharts line variant.
    switch (params.line_interpolation) {
      case 'cardinal':
        return { params, target: 'echarts_timeseries_smooth' };
      case 'step-before':
        return { params: { ...params, seriesType: 'start' }, target: 'echarts_timeseries_step' };
      case 'step-after':
        return { params: { ...params, seriesType: 'end' }, target: 'echarts_timeseries_step' };
      default:
        return { params };
    }
  }),
  area: timeseries(
    'echarts_area',
    (params) => {
      const style = typeof params.stacked_style === 'string' ? params.stacked_style : 'stack';
      return { params: { ...params, stack: AREA_STACKS[style] ?? null, opacity: 0.7 } };
    },
    { removeKeys: ['stacked_style'] },
  ),
  bar: timeseries(
    'echarts_timeseries_bar',
    (params) => ({ params: { ...params, stack: params.bar_stacked === true ? 'Stack' : null } }),
    { renameKeys: { show_bar_value: 'show_value' }, removeKeys: ['bar_stacked'] },
  ),
  dist_bar: timeseries(
    'echarts_timeseries_bar',
    (params) => {
      // The x-axis takes one column: the first dimension; the rest and the series columns split the bars.
      const groupby = list(params.groupby);
      const result: ChartParams = {
        ...params,
        groupby: [...groupby.slice(1), ...list(params.columns)],
        stack: params.bar_stacked === true ? 'Stack' : null,
        x_ticks_layout: 45,
      };
      if (groupby.length > 0) result.x_axis = groupby[0];
      return { params: result };
    },
    { renameKeys: { show_bar_value: 'show_value' }, removeKeys: ['columns', 'bar_stacked'], hasXAxis: false },
  ),
  dual_line: {
    target: 'mixed_timeseries',
    renameKeys: {
      x_axis_format: 'x_axis_time_format',
      y_axis_2_format: 'y_axis_format_secondary',
      y_axis_2_bounds: 'y_axis_bounds_secondary',
    },
    removeKeys: ['metric', 'metric_2'],
    hasXAxis: true,
    filterKeys: ['adhoc_filters', 'adhoc_filters_b'],
    prepare: (params) => ({
      params: {
        ...params,
        yAxisIndex: 0,
        yAxisIndexB: 1,
        adhoc_filters_b: list(params.adhoc_filters),
        truncateYAxis: true,
        metrics: list(params.metric),
        metrics_b: list(params.metric_2),
      },
    }),
  },
  bubble: {
    target: 'bubble_v2',
    renameKeys: {
      bottom_margin: 'x_axis_title_margin',
      left_margin: 'y_axis_title_margin',
      limit: 'row_limit',
      x_axis_format: 'xAxisFormat',
      x_log_scale: 'logXAxis',
      x_ticks_layout: 'xAxisLabelRotation',
      y_axis_showminmax: 'truncateYAxis',
      y_log_scale: 'logYAxis',
    },
    removeKeys: ['x_axis_showminmax'],
    hasXAxis: false,
    filterKeys: ADHOC_FILTERS,
    prepare: (params) => {
      const result = tickRotation(params);
      if (!emptyMargin(params.x_axis_label) && emptyMargin(params.bottom_margin)) result.bottom_margin = 30;
      result.y_axis_showminmax = true;
      return { params: result };
    },
  },
  heatmap: {
    target: 'heatmap_v2',
    renameKeys: {
      all_columns_x: 'x_axis',
      all_columns_y: 'groupby',
      y_axis_bounds: 'value_bounds',
      show_perc: 'show_percentage',
    },
    removeKeys: ['sort_by_metric', 'canvas_image_rendering'],
    hasXAxis: false,
    filterKeys: ADHOC_FILTERS,
    prepare: (params) => ({ params: { ...params, legend_type: 'continuous' } }),
  },
  histogram: {
    target: 'histogram_v2',
    renameKeys: { x_axis_label: 'x_axis_title', y_axis_label: 'y_axis_title', normalized: 'normalize' },
    removeKeys: ['all_columns_x', 'link_length', 'queryFields'],
    hasXAxis: false,
    filterKeys: ADHOC_FILTERS,
    prepare: (params) => {
      const result: ChartParams = { ...params };
      const column = list(params.all_columns_x)[0];
      if (column !== undefined) result.column = column;
      // The old "link length" was the number of bins.
      const length = params.link_length;
      const bins =
        typeof length === 'number'
          ? Math.trunc(length)
          : typeof length === 'string'
            ? Number.parseInt(length, 10)
            : NaN;
      result.bins = Number.isFinite(bins) && bins > 0 ? bins : 5;
      if (list(params.groupby).length === 0) result.groupby = [];
      return { params: result };
    },
  },
  pivot_table: {
    target: 'pivot_table_v2',
    renameKeys: {
      columns: 'groupbyColumns',
      combine_metric: 'combineMetric',
      groupby: 'groupbyRows',
      number_format: 'valueFormat',
      pandas_aggfunc: 'aggregateFunction',
      row_limit: 'series_limit',
      timeseries_limit_metric: 'series_limit_metric',
      transpose_pivot: 'transposePivot',
    },
    removeKeys: ['pivot_margins'],
    hasXAxis: false,
    filterKeys: ADHOC_FILTERS,
    prepare: (params) => {
      const result: ChartParams = { ...params, rowOrder: 'value_z_to_a' };
      if (
        params.pivot_margins !== undefined &&
        params.pivot_margins !== null &&
        params.pivot_margins !== false
      ) {
        result.colTotals = params.pivot_margins;
        result.colSubTotals = params.pivot_margins;
      }
      const aggregate = params.pandas_aggfunc;
      if (typeof aggregate === 'string' && aggregate !== '') {
        result.pandas_aggfunc = PIVOT_AGGREGATES[aggregate] ?? aggregate;
      }
      return { params: result };
    },
  },
  sankey: {
    target: 'sankey_v2',
    renameKeys: {},
    removeKeys: ['groupby'],
    hasXAxis: false,
    filterKeys: ADHOC_FILTERS,
    prepare: (params) => {
      const groupby = list(params.groupby);
      if (groupby.length < 2) return { params };
      return { params: { ...params, source: groupby[0], target: groupby[1] } };
    },
  },
  sunburst: {
    target: 'sunburst_v2',
    renameKeys: { groupby: 'columns' },
    removeKeys: [],
    hasXAxis: false,
    filterKeys: ADHOC_FILTERS,
    prepare: (params) => ({ params }),
  },
  treemap: {
    target: 'treemap_v2',
    renameKeys: { order_desc: 'sort_by_metric' },
    removeKeys: ['metrics'],
    hasXAxis: false,
    filterKeys: ADHOC_FILTERS,
    prepare: (params) => {
      const first = list(params.metrics)[0];
      return { params: first === undefined ? params : { ...params, metric: first } };
    },
  },
};

/** Renames and removes keys as the migration says; a renamed key replaces one already there. */
export function renameAndRemove(params: ChartParams, migration: VizMigration): ChartParams {
  const renamedTargets = new Set(
    Object.entries(migration.renameKeys)
      .filter(([source]) => source in params)
      .map(([, target]) => target),
  );
  const removed = new Set(migration.removeKeys);
  const result: ChartParams = {};
  for (const [key, value] of Object.entries(params)) {
    const renamed = migration.renameKeys[key];
    if (renamed !== undefined) {
      result[renamed] = value;
      continue;
    }
    if (removed.has(key) || renamedTargets.has(key)) continue;
    result[key] = value;
  }
  return result;
}

/** The conversion of a legacy viz type, or undefined when the type is not one Superset migrates. */
export function vizMigrationFor(vizType: string): VizMigration | undefined {
  return Object.hasOwn(VIZ_MIGRATIONS, vizType) ? VIZ_MIGRATIONS[vizType] : undefined;
}
