import { z } from 'zod';
import { crossDatasetMappingSchema } from './native-filters';

/**
 * A dashboard's `json_metadata` (reference §8.2). Known keys are type-checked; unknown keys are refused
 * so a typo does not vanish silently. Native-filter objects are checked loosely here (their own issue
 * owns their shape); the dashboard only needs them to be objects with an id.
 */

export const FILTER_BAR_ORIENTATIONS = ['VERTICAL', 'HORIZONTAL'] as const;
export type FilterBarOrientation = (typeof FILTER_BAR_ORIENTATIONS)[number];

/** Refresh staggering (spec 001 §9): the interval is max(frequency, stagger_time). */
export const DEFAULT_STAGGER_TIME_MS = 5000;
/** The auto-refresh choices in seconds (0 = don't refresh), 10 s … 24 h. */
export const REFRESH_FREQUENCY_CHOICES = [0, 10, 30, 60, 300, 1800, 3600, 21600, 43200, 86400] as const;

const chartIdKey = z.string().regex(/^\d+$/, 'keys must be chart ids');
const ids = z.array(z.number().int()).max(10_000);
const scopeSchema = z.object({ rootPath: z.array(z.string()).max(1000), excluded: ids }).loose();
const labelColors = z.record(z.string().max(1000), z.string().max(100));

const nativeFilterSchema = z.object({ id: z.string().min(1).max(250) }).loose();

export const dashboardJsonMetadataSchema = z
  .object({
    native_filter_configuration: z.array(nativeFilterSchema).max(1000),
    chart_configuration: z.record(
      chartIdKey,
      z
        .object({
          id: z.number().int(),
          crossFilters: z
            .object({ scope: z.union([z.literal('global'), scopeSchema]), chartsInScope: ids.optional() })
            .loose(),
        })
        .loose(),
    ),
    global_chart_configuration: z.object({ scope: scopeSchema, chartsInScope: ids.optional() }).loose(),
    timed_refresh_immune_slices: ids,
    filter_scopes: z.record(z.string(), z.unknown()),
    expanded_slices: z.record(chartIdKey, z.boolean()),
    refresh_frequency: z
      .number()
      .int()
      .min(0)
      .max(31 * 86_400),
    default_filters: z.string().max(1_000_000),
    stagger_refresh: z.boolean(),
    stagger_time: z.number().int().min(0).max(86_400_000),
    color_scheme: z.string().max(250).nullable(),
    color_namespace: z.string().max(250).nullable(),
    positions: z.record(z.string(), z.unknown()).nullable(),
    label_colors: labelColors,
    shared_label_colors: z.union([z.array(z.string()), z.record(z.string(), z.string())]),
    map_label_colors: labelColors,
    color_scheme_domain: z.array(z.string().max(100)).max(1000),
    cross_filters_enabled: z.boolean(),
    import_time: z.number().int(),
    remote_id: z.number().int(),
    filter_bar_orientation: z.enum(FILTER_BAR_ORIENTATIONS),
    native_filter_migration: z.record(z.string(), z.unknown()),
    show_native_filters: z.boolean(),
    /** Tessera only: columns that stand for each other across datasets for filters (native-filters.ts). */
    cross_dataset_mappings: z.array(crossDatasetMappingSchema).max(1000),
  })
  .partial()
  .strict();
export type DashboardJsonMetadata = z.infer<typeof dashboardJsonMetadataSchema>;
