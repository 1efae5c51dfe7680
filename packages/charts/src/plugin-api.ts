import type { ComponentType } from 'react';
import type { ChartDataResultItem, ExploreDatasource, QueryFilter } from '@tessera/contracts';
import type { BuildQuery, FormData } from './query/form-data';
import type { ChartContextMenuEvent } from './drill/point-filters';

export type { BuildQuery, BuildQueryOptions, FormData } from './query/form-data';
export type { ChartContextMenuEvent, DrillFilter } from './drill/point-filters';

/**
 * The chart plugin API (reference §12.5). A plugin is data plus pure functions plus one lazily loaded
 * component: Explore renders its control panel from `controlPanel`, turns the form data into a query
 * context with `buildQuery`, posts it to /api/v1/chart/data, maps the response with `transformProps`
 * and renders what `loadChart` resolves to. Everything but the component is pure and unit-tested.
 */

export const BEHAVIORS = ['INTERACTIVE_CHART', 'NATIVE_FILTER', 'DRILL_TO_DETAIL', 'DRILL_BY'] as const;
export type Behavior = (typeof BEHAVIORS)[number];

export const CHART_CATEGORIES = [
  'Table',
  'Evolution',
  'Part of a Whole',
  'Distribution',
  'Ranking',
  'Correlation',
  'Flow',
  'KPI',
  'Map',
  'Other',
] as const;
export type ChartCategory = (typeof CHART_CATEGORIES)[number];

export interface ChartMetadata {
  name: string;
  description: string;
  category: ChartCategory;
  tags: readonly string[];
  behaviors: readonly Behavior[];
  /** Number of query objects buildQuery produces (default 1). */
  queryObjectCount?: number;
  /** Viz types this one replaces or is an alias of (e.g. 'line' for echarts_timeseries_line). */
  deprecated?: boolean;
}

/** Declarative control validators; Explore turns them into spec 001 §5's messages. */
export type ControlValidator =
  | { kind: 'nonEmpty' }
  | { kind: 'integer' }
  | { kind: 'positiveInteger' }
  /** `max` null means "the server's SQL_MAX_ROW, else 100000". */
  | { kind: 'max'; max: number | null };

/** What kind of input Explore renders for a control. */
export const CONTROL_TYPES = [
  'MetricsControl',
  'MetricControl',
  'GroupByControl',
  'ColumnControl',
  'TemporalColumnControl',
  'AdhocFilterControl',
  'TimeRangeControl',
  'TimeGrainControl',
  'SelectControl',
  'TextControl',
  'NumberControl',
  'CheckboxControl',
  'SliderControl',
  'ColorSchemeControl',
  'NumberFormatControl',
  'TimeFormatControl',
  'ConditionalFormattingControl',
  'TextAreaControl',
  /** A fixed colour stored as {r, g, b, a} (Superset's color_picker). */
  'ColorPickerControl',
  /** The chart's annotation layers (Superset's annotation_layers), edited in a modal each. */
  'AnnotationLayerControl',
] as const;
export type ControlType = (typeof CONTROL_TYPES)[number];

export interface ControlChoice {
  value: string | number | boolean | null;
  label: string;
}

export interface ControlDeclaration {
  /** The form-data key the control reads and writes. */
  name: string;
  type: ControlType;
  label: string;
  description?: string;
  default?: unknown;
  /** Multi-valued (metrics, groupby, select with multiple). */
  multi?: boolean;
  /** Select choices; free text allowed when `freeForm`. */
  choices?: readonly ControlChoice[];
  freeForm?: boolean;
  validators?: readonly ControlValidator[];
  /** Only shown (and only validated) when this returns true. */
  visibility?: (formData: FormData) => boolean;
  /** True when a change only re-renders (transformProps) and needs no new query. */
  renderTrigger?: boolean;
  min?: number;
  max?: number;
  step?: number;
}

export interface ControlPanelSection {
  label: string;
  expanded?: boolean;
  /** Rows of controls; controls in one row sit side by side. */
  controlSetRows: readonly (readonly ControlDeclaration[])[];
}

export interface ControlPanelConfig {
  sections: readonly ControlPanelSection[];
  /** Form-data keys carried over when switching to this viz type from another (see Explore). */
  formDataOverrides?: (formData: FormData) => FormData;
}

/** A cross-filter a chart emits (reference §12.5 'Behavior'). */
export interface DataMask {
  extraFormData?: { filters?: QueryFilter[] };
  filterState?: { value?: unknown; selectedValues?: unknown[] | null; label?: string };
  ownState?: Record<string, unknown>;
}

export interface ChartHooks {
  /** Interactive charts call it with a cross filter (or an empty mask to clear it). */
  setDataMask?: (dataMask: DataMask) => void;
  /** Server-paginated tables ask for another page or search through it. */
  onChangeOwnState?: (ownState: Record<string, unknown>) => void;
  /** A right click on a data point: the host opens its context menu with the point's filters. */
  onContextMenu?: (event: ChartContextMenuEvent) => void;
}

/** A chart that could not be drawn: the thrown error's message and stack. */
export interface RenderFailure {
  message: string;
  stack: string | null;
}

/**
 * How a host learns that a chart is drawn (ChartRenderer's `onRenderSuccess` / `onRenderFailure`).
 * Success is reported after paint: plugin components that draw synchronously into the DOM (tables, big
 * numbers) are done once committed and a frame has painted; components that draw later hold the
 * attempt with `useRenderAttempt().hold()` and release it when drawn (the shared echarts host does so
 * on echarts' 'finished' event). Failure is reported when transformProps or the component throws.
 */
export interface ChartRenderCallbacks {
  onRenderSuccess?: () => void;
  onRenderFailure?: (failure: RenderFailure) => void;
}

/**
 * One label → colour map shared by every chart on a dashboard, handed to each chart through its render
 * props (`ChartProps.labelColors`) rather than a global, so two dashboards (or Explore) never share it.
 * A label keeps the colour it was first given, whichever chart asked first: 'boy' is one colour in the
 * pie and in the line chart.
 */
export interface LabelColorResolver {
  /**
   * The label's colour: a user-fixed one (`label_colors`) wins, then the one already given out, else the
   * next colour of the dashboard's scheme (or `chartScheme` when the dashboard has none) that no label
   * holds yet, cycling once the scheme is used up.
   */
  color(label: string, chartScheme?: string | null): string;
  /** Every label given a colour so far, fixed ones included: what the dashboard saves as its shared map. */
  snapshot(): Record<string, string>;
}

export interface ChartProps {
  formData: FormData;
  queriesData: readonly ChartDataResultItem[];
  width: number;
  height: number;
  datasource?: ExploreDatasource;
  hooks: ChartHooks;
  filterState?: DataMask['filterState'];
  ownState?: Record<string, unknown>;
  emitCrossFilters?: boolean;
  theme: 'light' | 'dark';
  /** A dashboard's shared label colours; plugins colour series through `chartColorScale(chartProps)` (format/labelColors). */
  labelColors?: LabelColorResolver;
  /** The chart state's `annotationData`: each annotation layer's data, by layer name (spec 001 §3). */
  annotationData?: Readonly<Record<string, unknown>>;
}

export interface ChartPlugin<TransformedProps extends object = object> {
  vizType: string;
  metadata: ChartMetadata;
  controlPanel: ControlPanelConfig;
  /** By default the one in `build-query-registry.ts` for `vizType` (see defineChartPlugin). */
  buildQuery: BuildQuery;
  transformProps: (chartProps: ChartProps) => TransformedProps;
  /** Lazily loaded renderer (echarts/core is only pulled by the chunk). */
  loadChart: () => Promise<{ default: ComponentType<TransformedProps> }>;
}
