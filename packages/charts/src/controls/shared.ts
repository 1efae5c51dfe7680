import { TIME_GRAINS } from '@tessera/contracts';
import type { ControlDeclaration, ControlPanelSection, FormData } from '../plugin-api';
import {
  CATEGORICAL_SCHEMES,
  DEFAULT_CATEGORICAL_SCHEME,
  DEFAULT_SEQUENTIAL_SCHEME,
  SEQUENTIAL_SCHEMES,
} from '../format/colorSchemes';
import { NUMBER_FORMAT_OPTIONS, SMART_NUMBER } from '../format/numberFormat';
import { SMART_DATE, TIME_FORMAT_OPTIONS } from '../format/timeFormat';

/**
 * Control declarations shared by the plugins (Superset's shared controls). Each is a value; plugins use
 * `{...control, default: …}` to adjust one.
 */

const choices = (values: readonly (string | number)[]) =>
  values.map((value) => ({ value, label: String(value) }));

export const ROW_LIMIT_CHOICES = [10, 50, 100, 250, 500, 1000, 5000, 10000, 50000] as const;
export const SERIES_LIMIT_CHOICES = [5, 10, 25, 50, 100, 500] as const;

export const metrics: ControlDeclaration = {
  name: 'metrics',
  type: 'MetricsControl',
  label: 'Metrics',
  multi: true,
  validators: [{ kind: 'nonEmpty' }],
  description: 'One or many metrics to display',
};

export const metric: ControlDeclaration = {
  name: 'metric',
  type: 'MetricControl',
  label: 'Metric',
  validators: [{ kind: 'nonEmpty' }],
};

export const groupby: ControlDeclaration = {
  name: 'groupby',
  type: 'GroupByControl',
  label: 'Dimensions',
  multi: true,
  default: [],
  description: 'One or many columns to group by',
};

export const columns: ControlDeclaration = { ...groupby, name: 'columns', label: 'Columns' };

export const xAxis: ControlDeclaration = {
  name: 'x_axis',
  type: 'TemporalColumnControl',
  label: 'X-axis',
  validators: [{ kind: 'nonEmpty' }],
  description: 'Dimension to use on x-axis.',
};

export const timeGrain: ControlDeclaration = {
  name: 'time_grain_sqla',
  type: 'TimeGrainControl',
  label: 'Time grain',
  default: 'P1D',
  choices: TIME_GRAINS.map((grain) => ({ value: grain.duration, label: grain.name })),
  description:
    'Select a time grain for the visualization. The grain is the time interval represented by a single point on the chart.',
};

export const adhocFilters: ControlDeclaration = {
  name: 'adhoc_filters',
  type: 'AdhocFilterControl',
  label: 'Filters',
  multi: true,
  default: [],
};

export const timeRange: ControlDeclaration = {
  name: 'time_range',
  type: 'TimeRangeControl',
  label: 'Time range',
  default: 'No filter',
};

export const rowLimit: ControlDeclaration = {
  name: 'row_limit',
  type: 'SelectControl',
  label: 'Row limit',
  freeForm: true,
  default: 10000,
  choices: choices(ROW_LIMIT_CHOICES),
  validators: [{ kind: 'positiveInteger' }, { kind: 'max', max: null }],
  description:
    'Limits the number of the rows that are computed in the query that is the source of the data used for this chart.',
};

export const seriesLimit: ControlDeclaration = {
  name: 'series_limit',
  type: 'SelectControl',
  label: 'Series limit',
  freeForm: true,
  choices: choices(SERIES_LIMIT_CHOICES),
  validators: [{ kind: 'positiveInteger' }],
  description: 'Limits the number of series that get displayed.',
};

export const seriesLimitMetric: ControlDeclaration = {
  name: 'series_limit_metric',
  type: 'MetricControl',
  label: 'Sort by',
  description: 'Metric used to define how the top series are sorted if a series or cell limit is present.',
};

/** Shown once a series limit applies to grouped series: the rest then add up as one 'Others' series. */
export const groupOthersWhenLimitReached: ControlDeclaration = {
  name: 'group_others_when_limit_reached',
  type: 'CheckboxControl',
  label: 'Group remaining as "Others"',
  default: false,
  description:
    'Groups the remaining series into an "Others" category when the series limit is reached. This prevents incomplete time series data from being displayed.',
  visibility: (formData) =>
    Number(formData.series_limit ?? 0) > 0 && Array.isArray(formData.groupby) && formData.groupby.length > 0,
};

export const orderDesc: ControlDeclaration = {
  name: 'order_desc',
  type: 'CheckboxControl',
  label: 'Sort descending',
  default: true,
};

export const colorScheme: ControlDeclaration = {
  name: 'color_scheme',
  type: 'ColorSchemeControl',
  label: 'Color scheme',
  default: DEFAULT_CATEGORICAL_SCHEME,
  choices: Object.entries(CATEGORICAL_SCHEMES).map(([value, scheme]) => ({ value, label: scheme.label })),
  renderTrigger: true,
};

export const linearColorScheme: ControlDeclaration = {
  name: 'linear_color_scheme',
  type: 'ColorSchemeControl',
  label: 'Linear color scheme',
  default: DEFAULT_SEQUENTIAL_SCHEME,
  choices: Object.entries(SEQUENTIAL_SCHEMES).map(([value, scheme]) => ({ value, label: scheme.label })),
  renderTrigger: true,
};

const numberFormatChoices = NUMBER_FORMAT_OPTIONS.map(([value, label]) => ({ value, label }));

export const yAxisFormat: ControlDeclaration = {
  name: 'y_axis_format',
  type: 'NumberFormatControl',
  label: 'Y Axis Format',
  default: SMART_NUMBER,
  freeForm: true,
  choices: numberFormatChoices,
  renderTrigger: true,
};

export const numberFormat: ControlDeclaration = {
  ...yAxisFormat,
  name: 'number_format',
  label: 'Number format',
};

const timeFormatChoices = TIME_FORMAT_OPTIONS.map(([value, label]) => ({ value, label }));

export const timeFormat: ControlDeclaration = {
  name: 'x_axis_time_format',
  type: 'TimeFormatControl',
  label: 'Time format',
  default: SMART_DATE,
  freeForm: true,
  choices: timeFormatChoices,
  renderTrigger: true,
};

export const dateFormat: ControlDeclaration = { ...timeFormat, name: 'date_format', label: 'Date format' };

export const showLegend: ControlDeclaration = {
  name: 'show_legend',
  type: 'CheckboxControl',
  label: 'Show legend',
  default: true,
  renderTrigger: true,
};

export const legendOrientation: ControlDeclaration = {
  name: 'legendOrientation',
  type: 'SelectControl',
  label: 'Legend orientation',
  default: 'top',
  choices: choices(['top', 'bottom', 'left', 'right']),
  renderTrigger: true,
  visibility: (formData: FormData) => formData.show_legend !== false,
};

export const legendType: ControlDeclaration = {
  name: 'legendType',
  type: 'SelectControl',
  label: 'Legend type',
  default: 'scroll',
  choices: [
    { value: 'scroll', label: 'Scroll' },
    { value: 'plain', label: 'Plain' },
  ],
  renderTrigger: true,
  visibility: (formData: FormData) => formData.show_legend !== false,
};

export const showValue: ControlDeclaration = {
  name: 'show_value',
  type: 'CheckboxControl',
  label: 'Show value',
  default: false,
  renderTrigger: true,
};

export const rollingType: ControlDeclaration = {
  name: 'rolling_type',
  type: 'SelectControl',
  label: 'Rolling function',
  default: null,
  choices: [
    { value: null, label: 'None' },
    { value: 'mean', label: 'mean' },
    { value: 'sum', label: 'sum' },
    { value: 'std', label: 'std' },
    { value: 'cumsum', label: 'cumsum' },
  ],
};

export const rollingPeriods: ControlDeclaration = {
  name: 'rolling_periods',
  type: 'TextControl',
  label: 'Periods',
  validators: [{ kind: 'integer' }],
  visibility: (formData) => ['mean', 'sum', 'std'].includes(String(formData.rolling_type)),
};

export const minPeriods: ControlDeclaration = {
  name: 'min_periods',
  type: 'TextControl',
  label: 'Min periods',
  validators: [{ kind: 'integer' }],
  visibility: (formData) => ['mean', 'sum', 'std'].includes(String(formData.rolling_type)),
};

export const timeCompare: ControlDeclaration = {
  name: 'time_compare',
  type: 'SelectControl',
  label: 'Time shift',
  multi: true,
  freeForm: true,
  default: [],
  choices: choices([
    '1 day ago',
    '1 week ago',
    '28 days ago',
    '30 days ago',
    '52 weeks ago',
    '1 year ago',
    '104 weeks ago',
    '2 years ago',
    '156 weeks ago',
    '3 years ago',
  ]),
};

export const comparisonType: ControlDeclaration = {
  name: 'comparison_type',
  type: 'SelectControl',
  label: 'Calculation type',
  default: 'values',
  choices: [
    { value: 'values', label: 'Actual values' },
    { value: 'absolute', label: 'Difference' },
    { value: 'percentage', label: 'Percentage change' },
    { value: 'ratio', label: 'Ratio' },
  ],
};

export const resampleRule: ControlDeclaration = {
  name: 'resample_rule',
  type: 'SelectControl',
  label: 'Rule',
  freeForm: true,
  default: null,
  choices: choices(['1T', '1H', '1D', '7D', '1M', '1AS']),
};

export const resampleMethod: ControlDeclaration = {
  name: 'resample_method',
  type: 'SelectControl',
  label: 'Fill method',
  default: null,
  choices: choices(['asfreq', 'zerofill', 'linear', 'ffill', 'bfill', 'median', 'mean', 'sum']),
};

export const contributionMode: ControlDeclaration = {
  name: 'contributionMode',
  type: 'SelectControl',
  label: 'Contribution mode',
  default: null,
  choices: [
    { value: null, label: 'None' },
    { value: 'row', label: 'Row' },
    { value: 'column', label: 'Series' },
  ],
};

export const truncateMetric: ControlDeclaration = {
  name: 'truncate_metric',
  type: 'CheckboxControl',
  label: 'Truncate Metric',
  default: true,
  description: 'Whether to truncate metrics',
};

export const showEmptyColumns: ControlDeclaration = {
  name: 'show_empty_columns',
  type: 'CheckboxControl',
  label: 'Show empty columns',
  default: true,
};

/** The "Query" section most aggregate charts share. */
export function querySection(rows: readonly (readonly ControlDeclaration[])[]): ControlPanelSection {
  return { label: 'Query', expanded: true, controlSetRows: rows };
}

export const advancedAnalyticsSection: ControlPanelSection = {
  label: 'Advanced analytics',
  expanded: false,
  controlSetRows: [
    [rollingType],
    [rollingPeriods, minPeriods],
    [timeCompare, comparisonType],
    [resampleRule, resampleMethod],
  ],
};

export const legendSection: readonly (readonly ControlDeclaration[])[] = [
  [showLegend],
  [legendType, legendOrientation],
];
