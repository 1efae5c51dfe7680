import { z } from 'zod';
import { queryFilterSchema } from './chart-data';

/**
 * Native filters, dividers, data masks and cross-dataset column mappings (spec 001 §3, reference §8.2
 * and §12.3). These are the shapes a dashboard's `json_metadata` holds and the filter bar, the dashboard
 * and reports exchange; the server validates what is saved against them and against the datasets.
 */

export const NATIVE_FILTER_ID_PREFIX = 'NATIVE_FILTER-';
export const NATIVE_FILTER_DIVIDER_ID_PREFIX = 'NATIVE_FILTER_DIVIDER-';
export const NATIVE_FILTER_TYPES = [
  'filter_select',
  'filter_range',
  'filter_time',
  'filter_timecolumn',
  'filter_timegrain',
] as const;
export type NativeFilterType = (typeof NATIVE_FILTER_TYPES)[number];
/**
 * The `form_data.viz_type` of a select filter's options request, as Superset's filter plugin sends it:
 * the chart data engine pages and searches those options from one cached list of the column's values.
 */
export const FILTER_SELECT_VIZ_TYPE: NativeFilterType = 'filter_select';

/** A deleted filter stays restorable this long before it is removed (spec 001 §4, §9). */
export const FILTER_DELETE_UNDO_MS = 5000;

const shortText = z.string().max(1000);
const chartIds = z.array(z.number().int()).max(10_000);

/** What a filter or a cross-filter adds to (filters, adhoc_filters) or overrides in a chart's query. */
export const extraFormDataSchema = z
  .object({
    filters: z.array(queryFilterSchema).max(1000),
    adhoc_filters: z.array(z.record(z.string(), z.unknown())).max(1000),
    time_range: z.string().max(1000),
    granularity_sqla: z.string().max(255),
    time_grain_sqla: z.string().max(255),
    time_column: z.string().max(255),
    time_grain: z.string().max(255),
    time_compare: z.union([z.string().max(255), z.array(z.string().max(255)).max(20)]),
    relative_start: z.string().max(255),
    relative_end: z.string().max(255),
  })
  .partial()
  .loose();
export type ExtraFormData = z.infer<typeof extraFormDataSchema>;

export const filterStateSchema = z
  .object({
    value: z.unknown(),
    selectedValues: z.array(z.unknown()).max(100_000).nullable(),
    label: z.string().max(10_000),
    validateStatus: z.enum(['error', 'warning', 'info']).nullable(),
    validateMessage: z.string().max(10_000).nullable(),
  })
  .partial()
  .loose();
export type FilterState = z.infer<typeof filterStateSchema>;

export const dataMaskSchema = z
  .object({
    id: z.string().max(250).optional(),
    extraFormData: extraFormDataSchema.optional(),
    filterState: filterStateSchema.optional(),
    ownState: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
export type DataMask = z.infer<typeof dataMaskSchema>;

/** Keyed by native filter id, or by the emitting chart id for a cross-filter. */
export const dataMaskMapSchema = z.record(z.string().max(250), dataMaskSchema);
export type DataMaskMap = z.infer<typeof dataMaskMapSchema>;

export const filterScopeSchema = z.object({
  rootPath: z.array(z.string().max(250)).max(1000),
  excluded: chartIds,
});
export type FilterScope = z.infer<typeof filterScopeSchema>;

export const nativeFilterTargetSchema = z
  .object({
    datasetId: z.number().int().optional(),
    datasetUuid: z.string().max(64).optional(),
    column: z
      .object({ name: z.string().min(1).max(255) })
      .loose()
      .optional(),
  })
  .loose();
export type NativeFilterTarget = z.infer<typeof nativeFilterTargetSchema>;

export const nativeFilterControlValuesSchema = z
  .object({
    enableEmptyFilter: z.boolean(),
    defaultToFirstItem: z.boolean(),
    multiSelect: z.boolean(),
    searchAllOptions: z.boolean(),
    inverseSelection: z.boolean(),
    sortAscending: z.boolean(),
    sortMetric: z.string().max(255).nullable(),
    /** filter_range: 'range inputs', 'slider' or 'slider and range input'. */
    rangeDisplayMode: z.string().max(64),
  })
  .partial()
  .loose();

export const nativeFilterSchema = z
  .object({
    id: z.string().min(1).max(250),
    type: z.literal('NATIVE_FILTER'),
    name: z.string().min(1).max(250),
    filterType: z.enum(NATIVE_FILTER_TYPES),
    description: shortText.optional(),
    targets: z.array(nativeFilterTargetSchema).max(100),
    adhoc_filters: z.array(z.record(z.string(), z.unknown())).max(100).optional(),
    time_range: z.string().max(1000).optional(),
    granularity_sqla: z.string().max(255).optional(),
    controlValues: nativeFilterControlValuesSchema.optional(),
    defaultDataMask: dataMaskSchema.optional(),
    cascadeParentIds: z.array(z.string().max(250)).max(100).optional(),
    scope: filterScopeSchema,
    sortMetric: z.string().max(255).nullable().optional(),
    chartsInScope: chartIds.optional(),
    tabsInScope: z.array(z.string().max(250)).max(1000).optional(),
    requiredFirst: z.boolean().optional(),
  })
  .loose();
export type NativeFilter = z.infer<typeof nativeFilterSchema>;

export const nativeFilterDividerSchema = z
  .object({
    id: z.string().min(1).max(250),
    type: z.literal('DIVIDER'),
    title: z.string().max(250),
    description: shortText.optional(),
  })
  .loose();
export type NativeFilterDivider = z.infer<typeof nativeFilterDividerSchema>;

export const filterOrDividerSchema = z.discriminatedUnion('type', [
  nativeFilterSchema,
  nativeFilterDividerSchema,
]);
export type FilterOrDivider = z.infer<typeof filterOrDividerSchema>;

/** `PUT /api/v1/dashboard/{id}/filters` (reference §8.1) → `{result: native_filter_configuration}`. */
export const dashboardFiltersUpdateSchema = z
  .object({
    modified: z.array(filterOrDividerSchema).max(1000).default([]),
    deleted: z.array(z.string().max(250)).max(1000).default([]),
    reordered: z.array(z.string().max(250)).max(1000).default([]),
  })
  .strict();
export type DashboardFiltersUpdate = z.infer<typeof dashboardFiltersUpdateSchema>;

/**
 * Tessera beyond Superset: a column on one dataset that stands for a column on another, so a native
 * filter or a cross-filter on `source` also narrows charts built on `target` (sales.country ↔
 * wb_health_population.country_name). Applied both ways. Kept in json_metadata under
 * `cross_dataset_mappings`.
 */
export const columnRefSchema = z.object({ datasetId: z.number().int(), column: z.string().min(1).max(255) });
export type ColumnRef = z.infer<typeof columnRefSchema>;
export const crossDatasetMappingSchema = z.object({ source: columnRefSchema, target: columnRefSchema });
export type CrossDatasetMapping = z.infer<typeof crossDatasetMappingSchema>;
