import { z } from 'zod';
import { listResponseSchema } from './list';
import { objectTagsInputSchema, tagRefSchema } from './tag';

/** Charts, `/api/v1/chart/` (spec 001 §7 Charts): Superset's slice model and its FAB envelopes. */

/** The datasource types a chart may point at (spec 001 §3); only `table` datasets are backed today. */
export const CHART_DATASOURCE_TYPES = ['table', 'dataset', 'query', 'saved_query', 'sl_table'] as const;
export const chartDatasourceTypeSchema = z.enum(CHART_DATASOURCE_TYPES);

/** Text that must hold a JSON object: chart params and query contexts travel as strings. */
export function jsonObjectText(what: string, maxLength: number) {
  return z
    .string()
    .max(maxLength)
    .refine(
      (text) => {
        try {
          const parsed: unknown = JSON.parse(text);
          return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
        } catch {
          return false;
        }
      },
      { message: `${what} must be a JSON object encoded as a string.` },
    );
}

const ids = z.array(z.number().int().positive()).max(1000);

const writable = {
  slice_name: z.string().trim().min(1, 'Name is required.').max(250),
  description: z.string().max(100_000).nullable(),
  viz_type: z.string().trim().min(1).max(250),
  owners: ids,
  params: jsonObjectText('Chart parameters', 1_000_000).nullable(),
  query_context: jsonObjectText('Query context', 1_000_000).nullable(),
  query_context_generation: z.boolean().nullable(),
  cache_timeout: z.number().int().min(0).max(2_147_483_647).nullable(),
  datasource_id: z.number().int().positive(),
  datasource_type: chartDatasourceTypeSchema,
  datasource_name: z.string().max(2000).nullable(),
  dashboards: ids,
  certified_by: z.string().max(1000).nullable(),
  certification_details: z.string().max(10_000).nullable(),
  is_managed_externally: z.boolean().nullable(),
  external_url: z.string().max(1024).nullable(),
};

/** POST /api/v1/chart/ (Superset's ChartPostSchema). */
export const chartCreateSchema = z
  .object({
    slice_name: writable.slice_name,
    datasource_id: writable.datasource_id,
    datasource_type: writable.datasource_type,
    viz_type: writable.viz_type.optional(),
    description: writable.description.optional(),
    owners: writable.owners.optional(),
    params: writable.params.optional(),
    query_context: writable.query_context.optional(),
    query_context_generation: writable.query_context_generation.optional(),
    cache_timeout: writable.cache_timeout.optional(),
    datasource_name: writable.datasource_name.optional(),
    dashboards: writable.dashboards.optional(),
    certified_by: writable.certified_by.optional(),
    certification_details: writable.certification_details.optional(),
    is_managed_externally: writable.is_managed_externally.optional(),
    external_url: writable.external_url.optional(),
  })
  .strict();
export type ChartCreate = z.infer<typeof chartCreateSchema>;

/**
 * PUT /api/v1/chart/{id} (ChartPutSchema): every field optional; `tags` (ids or names) replaces the
 * chart's custom tags while TAGGING_SYSTEM is on.
 */
export const chartUpdateSchema = z
  .object({
    slice_name: writable.slice_name.optional(),
    datasource_id: writable.datasource_id.optional(),
    datasource_type: writable.datasource_type.optional(),
    viz_type: writable.viz_type.optional(),
    description: writable.description.optional(),
    owners: writable.owners.optional(),
    params: writable.params.optional(),
    query_context: writable.query_context.optional(),
    query_context_generation: writable.query_context_generation.optional(),
    cache_timeout: writable.cache_timeout.optional(),
    datasource_name: writable.datasource_name.optional(),
    dashboards: writable.dashboards.optional(),
    certified_by: writable.certified_by.optional(),
    certification_details: writable.certification_details.optional(),
    is_managed_externally: writable.is_managed_externally.optional(),
    external_url: writable.external_url.optional(),
    tags: objectTagsInputSchema.optional(),
  })
  .strict();
export type ChartUpdate = z.infer<typeof chartUpdateSchema>;

export const chartUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});
export type ChartUser = z.infer<typeof chartUserSchema>;

export const chartDashboardRefSchema = z.object({
  id: z.number().int(),
  dashboard_title: z.string(),
});

/**
 * One chart as GET /api/v1/chart/{id} and the list answer it. With `columns` in the rison query the
 * server returns only those keys, so clients parse with `.partial()` when they ask for a subset.
 */
export const chartSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  slice_name: z.string(),
  description: z.string().nullable(),
  description_markeddown: z.string(),
  viz_type: z.string(),
  datasource_id: z.number().int(),
  datasource_type: z.string(),
  /** Datasource display name (`schema.table`), null when the dataset is gone. */
  datasource_name_text: z.string().nullable(),
  datasource_url: z.string().nullable(),
  params: z.string().nullable(),
  query_context: z.string().nullable(),
  cache_timeout: z.number().int().nullable(),
  certified_by: z.string().nullable(),
  certification_details: z.string().nullable(),
  is_managed_externally: z.boolean(),
  external_url: z.string().nullable(),
  url: z.string(),
  slice_url: z.string(),
  thumbnail_url: z.string().nullable(),
  owners: z.array(chartUserSchema),
  dashboards: z.array(chartDashboardRefSchema),
  tags: z.array(tagRefSchema),
  created_by: chartUserSchema.nullable(),
  changed_by: chartUserSchema.nullable(),
  changed_by_name: z.string(),
  last_saved_by: chartUserSchema.nullable(),
  last_saved_at: z.string().nullable(),
  created_on: z.string(),
  changed_on: z.string(),
  changed_on_utc: z.string(),
  changed_on_delta_humanized: z.string(),
  created_on_delta_humanized: z.string(),
});
export type Chart = z.infer<typeof chartSchema>;

const partialUser = chartUserSchema.partial({ first_name: true, last_name: true });

/**
 * A chart narrowed by `columns`: any top-level key may be missing, and related objects keep their `id`
 * plus the requested sub-keys (`owners.first_name`, `dashboards.id`).
 */
export const chartItemSchema = chartSchema
  .extend({
    owners: z.array(partialUser),
    dashboards: z.array(chartDashboardRefSchema.partial({ dashboard_title: true })),
    created_by: partialUser.nullable(),
    changed_by: partialUser.nullable(),
    last_saved_by: partialUser.nullable(),
  })
  .partial();
export type ChartItem = z.infer<typeof chartItemSchema>;

export const chartShowResponseSchema = z.object({ id: z.number().int(), result: chartItemSchema });

export const chartListResponseSchema = listResponseSchema(chartItemSchema);
export type ChartListResponse = z.infer<typeof chartListResponseSchema>;

/** POST and PUT answer the id and the stored writable fields. */
export const chartWriteResponseSchema = z.object({
  id: z.number().int(),
  result: z.object({
    slice_name: z.string(),
    viz_type: z.string(),
    datasource_id: z.number().int(),
    datasource_type: z.string(),
    description: z.string().nullable(),
    params: z.string().nullable(),
    query_context: z.string().nullable(),
    cache_timeout: z.number().int().nullable(),
    owners: z.array(z.number().int()),
    dashboards: z.array(z.number().int()),
    certified_by: z.string().nullable(),
    certification_details: z.string().nullable(),
  }),
});
export type ChartWriteResponse = z.infer<typeof chartWriteResponseSchema>;

/** The `q` of bulk delete and favorite_status: `!(1,2,3)`. */
export const chartIdsSchema = z.array(z.number().int().positive()).min(1).max(1000);

/** GET /api/v1/chart/favorite_status/ and /api/v1/dashboard/favorite_status/. */
export const favoriteStatusResponseSchema = z.object({
  result: z.array(z.object({ id: z.number().int(), value: z.boolean() })),
});
export type FavoriteStatusResponse = z.infer<typeof favoriteStatusResponseSchema>;

/** GET /api/v1/chart/related/owners (FAB related endpoint). */
export const chartRelatedOwnersResponseSchema = z.object({
  count: z.number().int(),
  result: z.array(
    z.object({
      value: z.number().int(),
      text: z.string(),
      extra: z.object({ email: z.string(), active: z.boolean() }).optional(),
    }),
  ),
});
export type ChartRelatedOwnersResponse = z.infer<typeof chartRelatedOwnersResponseSchema>;

/** The list filters of the charts API (spec 001 §7): column → operators the server accepts. */
export const CHART_LIST_FILTERS = {
  slice_name: ['chart_all_text', 'ct', 'eq', 'sw'],
  owners: ['rel_m_m'],
  viz_type: ['eq', 'neq', 'in'],
  datasource_id: ['eq', 'in'],
  id: ['chart_is_favorite', 'eq', 'in'],
  created_by: ['chart_created_by_me', 'rel_o_m'],
  dashboards: ['rel_m_m'],
} as const;

export const CHART_ORDER_COLUMNS = [
  'slice_name',
  'viz_type',
  'datasource_name',
  'changed_on_delta_humanized',
  'changed_on',
  'created_on',
  'last_saved_at',
  'id',
] as const;

/** GET /api/v1/chart/distinct/viz_type (FAB distinct endpoint). */
export const chartDistinctResponseSchema = z.object({
  count: z.number().int(),
  result: z.array(z.object({ text: z.string(), value: z.string() })),
});
export type ChartDistinctResponse = z.infer<typeof chartDistinctResponseSchema>;
