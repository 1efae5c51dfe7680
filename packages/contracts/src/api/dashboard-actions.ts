import { z } from 'zod';
import { jsonObjectText } from './chart';
import { exploreDatasourceSchema } from './explore-datasource';
import { SHARED_VALUE_MAX_BYTES } from './sharing';

/**
 * Requests and answers of the dashboard endpoints beyond CRUD (reference §8.1, §8.4): the charts,
 * datasets and tabs reads, copy, colours, permalinks and the filter-state cache.
 */

/** GET /api/v1/dashboard/{id_or_slug}/charts: one item per chart on the dashboard. */
export const dashboardChartSchema = z.object({
  id: z.number().int(),
  slice_name: z.string(),
  cache_timeout: z.number().int().nullable(),
  changed_on: z.string(),
  description: z.string().nullable(),
  description_markeddown: z.string(),
  /** The chart's params parsed, plus slice_id (and the dashboard id the client needs). */
  form_data: z.record(z.string(), z.unknown()),
  slice_url: z.string(),
  viz_type: z.string(),
  datasource_id: z.number().int(),
  datasource_type: z.string(),
  certified_by: z.string().nullable(),
  certification_details: z.string().nullable(),
  is_managed_externally: z.boolean(),
});
export type DashboardChart = z.infer<typeof dashboardChartSchema>;
export const dashboardChartsResponseSchema = z.object({ result: z.array(dashboardChartSchema) });

/** GET /api/v1/dashboard/{id_or_slug}/datasets: the datasource shape Explore reads. */
export const dashboardDatasetsResponseSchema = z.object({ result: z.array(exploreDatasourceSchema) });

export interface DashboardTabNode {
  value: string;
  title: string;
  children: DashboardTabNode[];
  parents: string[];
}
export const dashboardTabNodeSchema: z.ZodType<DashboardTabNode> = z.lazy(() =>
  z.object({
    value: z.string(),
    title: z.string(),
    children: z.array(dashboardTabNodeSchema),
    parents: z.array(z.string()),
  }),
);
/** GET /api/v1/dashboard/{id_or_slug}/tabs. */
export const dashboardTabsResponseSchema = z.object({
  result: z.object({
    all_tabs: z.record(z.string(), z.string()),
    tab_tree: z.array(dashboardTabNodeSchema),
  }),
});
export type DashboardTabs = z.infer<typeof dashboardTabsResponseSchema>['result'];

/** POST /api/v1/dashboard/{id_or_slug}/copy/. */
export const dashboardCopySchema = z
  .object({
    dashboard_title: z.string().max(500).nullable().optional(),
    css: z.string().max(1_000_000).nullable().optional(),
    json_metadata: jsonObjectText('json_metadata', 1_000_000),
    duplicate_slices: z.boolean().optional(),
  })
  .strict();
export type DashboardCopy = z.infer<typeof dashboardCopySchema>;
export const dashboardCopyResponseSchema = z.object({
  id: z.number().int(),
  last_modified_time: z.number(),
});

const labelColors = z.record(z.string().max(1000), z.string().max(100));

/** PUT /api/v1/dashboard/{id}/colors (`?mark_updated=false` keeps changed_on). */
export const dashboardColorsSchema = z
  .object({
    color_namespace: z.string().max(250).nullable().optional(),
    color_scheme: z.string().max(250).nullable().optional(),
    map_label_colors: labelColors.optional(),
    label_colors: labelColors.optional(),
    color_scheme_domain: z.array(z.string().max(100)).max(1000).optional(),
    shared_label_colors: z.union([z.array(z.string()), z.record(z.string(), z.string())]).optional(),
  })
  .strict();
export type DashboardColors = z.infer<typeof dashboardColorsSchema>;
/** Its 200 answer: the merged json_metadata (text) and the modification time the overwrite check uses. */
export const dashboardColorsResponseSchema = z.object({
  id: z.number().int(),
  result: z.object({ json_metadata: z.string() }),
  last_modified_time: z.number(),
});
export const dashboardColorsQuerySchema = z
  .object({ mark_updated: z.enum(['true', 'false']).optional() })
  .strict();

/** POST /api/v1/dashboard/{id}/permalink. */
export const dashboardPermalinkRequestSchema = z
  .object({
    dataMask: z.record(z.string(), z.unknown()).optional(),
    activeTabs: z.array(z.string().max(250)).max(1000).optional(),
    anchor: z.string().max(250).nullable().optional(),
    urlParams: z
      .array(z.tuple([z.string().max(1000), z.string().max(10_000)]))
      .max(100)
      .optional(),
  })
  .strict();
export type DashboardPermalinkRequest = z.infer<typeof dashboardPermalinkRequestSchema>;
export const dashboardPermalinkStateSchema = z.object({
  dashboardId: z.string(),
  state: z.object({
    dataMask: z.record(z.string(), z.unknown()),
    activeTabs: z.array(z.string()),
    anchor: z.string().nullable(),
    urlParams: z.array(z.tuple([z.string(), z.string()])),
  }),
});
export type DashboardPermalinkState = z.infer<typeof dashboardPermalinkStateSchema>;
export const dashboardPermalinkResponseSchema = z.object({ key: z.string(), url: z.string() });

/** FILTER_STATE_CACHE_CONFIG: entries live 90 days, each read pushes the expiry again (reference §14). */
export const DASHBOARD_FILTER_STATE_TTL_MS = 90 * 24 * 3600 * 1000;

/** POST /api/v1/dashboard/{id}/filter_state and PUT …/{key}: `value` is JSON text. */
export const dashboardFilterStateWriteSchema = z
  .object({ value: z.string().min(1).max(SHARED_VALUE_MAX_BYTES) })
  .strict();
export type DashboardFilterStateWrite = z.infer<typeof dashboardFilterStateWriteSchema>;
export const dashboardFilterStateQuerySchema = z
  .object({
    tab_id: z
      .string()
      .regex(/^\d{1,9}$/)
      .optional(),
  })
  .strict();
export const dashboardFilterStateKeyResponseSchema = z.object({ key: z.string() });
export const dashboardFilterStateValueResponseSchema = z.object({ value: z.string() });

/**
 * GET /api/v1/dashboard/related/roles (FAB related endpoint, rison `q` with filter/page/page_size): the
 * roles the properties modal offers under DASHBOARD_RBAC, `value` the role id and `text` its name.
 */
export const dashboardRelatedRolesResponseSchema = z.object({
  count: z.number().int(),
  result: z.array(z.object({ value: z.number().int(), text: z.string() })),
});
export type DashboardRelatedRolesResponse = z.infer<typeof dashboardRelatedRolesResponseSchema>;
