import { z } from 'zod';
import { SHARED_VALUE_MAX_BYTES } from './sharing';
import { chartDatasourceTypeSchema, chartUserSchema, jsonObjectText } from './chart';

/** Explore state endpoints (reference §7): the form-data cache and permalinks. */

/** POST /api/v1/explore/form_data and PUT /api/v1/explore/form_data/{key}. */
export const exploreFormDataWriteSchema = z
  .object({
    datasource_id: z.number().int().positive(),
    datasource_type: chartDatasourceTypeSchema,
    chart_id: z.number().int().positive().nullable().optional(),
    form_data: jsonObjectText('form_data', SHARED_VALUE_MAX_BYTES),
  })
  .strict();
export type ExploreFormDataWrite = z.infer<typeof exploreFormDataWriteSchema>;

export const exploreFormDataKeyResponseSchema = z.object({ key: z.string() });
export const exploreFormDataResponseSchema = z.object({ form_data: z.string() });

/** POST /api/v1/explore/permalink. */
export const explorePermalinkRequestSchema = z
  .object({
    formData: z.record(z.string(), z.unknown()),
    urlParams: z
      .array(z.tuple([z.string().max(1000), z.string().max(10_000)]))
      .max(100)
      .optional(),
  })
  .strict();
export type ExplorePermalinkRequest = z.infer<typeof explorePermalinkRequestSchema>;

/** GET /api/v1/explore/permalink/{key}. */
export const explorePermalinkStateSchema = z.object({
  chartId: z.number().int().nullable(),
  datasourceId: z.number().int(),
  datasourceType: z.string(),
  datasource: z.string(),
  datasetId: z.number().int(),
  state: z.object({
    formData: z.record(z.string(), z.unknown()),
    urlParams: z.array(z.tuple([z.string(), z.string()])).optional(),
  }),
});
export type ExplorePermalinkState = z.infer<typeof explorePermalinkStateSchema>;

/** The slice part of GET /api/v1/explore/ (spec 001 §3 Chart/slice). */
export const exploreSliceSchema = z.object({
  slice_id: z.number().int(),
  slice_name: z.string(),
  slice_url: z.string(),
  description: z.string().nullable(),
  description_markeddown: z.string(),
  /** The description as written (Markdown), for the header's description (spec 001 §3 Chart/slice). */
  description_markdown: z.string(),
  viz_type: z.string(),
  datasource: z.string(),
  datasource_id: z.number().int(),
  datasource_type: z.string(),
  datasource_name: z.string().nullable(),
  datasource_url: z.string().nullable(),
  form_data: z.record(z.string(), z.unknown()),
  query_context: z.string().nullable(),
  cache_timeout: z.number().int().nullable(),
  certified_by: z.string().nullable(),
  certification_details: z.string().nullable(),
  owners: z.array(z.number().int()),
  /** Who created the chart; null when that user is gone. */
  created_by: chartUserSchema.nullable(),
  changed_on: z.string(),
  modified: z.string(),
  is_managed_externally: z.boolean(),
  thumbnail_url: z.string().nullable(),
  edit_url: z.string(),
});
export type ExploreSlice = z.infer<typeof exploreSliceSchema>;

/**
 * GET /api/v1/explore/ → `{result:{dataset, form_data, slice, message}}`. The dataset is the Explore
 * datasource JSON (explore-datasource.ts); it is left loose here so this contract does not pin it.
 */
export const exploreStateResponseSchema = z.object({
  result: z.object({
    dataset: z.record(z.string(), z.unknown()),
    form_data: z.record(z.string(), z.unknown()),
    slice: exploreSliceSchema.nullable(),
    message: z.string().nullable(),
  }),
});
export type ExploreStateResponse = z.infer<typeof exploreStateResponseSchema>;
