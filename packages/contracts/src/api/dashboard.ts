import { z } from 'zod';
import { jsonObjectText } from './chart';
import { listResponseSchema } from './list';
import { objectTagsInputSchema, tagRefSchema } from './tag';

/** Dashboards, `/api/v1/dashboard/` (reference §8.1): what Explore's save dialog and list pages need. */

export const UNTITLED_DASHBOARD_TITLE = '[ untitled dashboard ]';
/** Reference §8.3: the server caps the layout JSON. */
export const DASHBOARD_POSITION_DATA_LIMIT = 65_535;

const ids = z.array(z.number().int().positive()).max(1000);

const writable = {
  dashboard_title: z.string().max(500).nullable(),
  slug: z
    .string()
    .max(255)
    .regex(/^[A-Za-z0-9_-]*$/, 'A slug may only hold letters, digits, "-" and "_".')
    .refine((slug) => !/^\d+$/.test(slug), 'A slug cannot be only digits: it would shadow an id.')
    .nullable(),
  owners: ids,
  roles: ids,
  position_json: jsonObjectText('position_json', DASHBOARD_POSITION_DATA_LIMIT).nullable(),
  json_metadata: jsonObjectText('json_metadata', 1_000_000).nullable(),
  css: z.string().max(1_000_000).nullable(),
  published: z.boolean().nullable(),
  certified_by: z.string().max(1000).nullable(),
  certification_details: z.string().max(10_000).nullable(),
  external_url: z.string().max(1024).nullable(),
  is_managed_externally: z.boolean().nullable(),
};

const writableShape = {
  dashboard_title: writable.dashboard_title.optional(),
  slug: writable.slug.optional(),
  owners: writable.owners.optional(),
  roles: writable.roles.optional(),
  position_json: writable.position_json.optional(),
  json_metadata: writable.json_metadata.optional(),
  css: writable.css.optional(),
  published: writable.published.optional(),
  certified_by: writable.certified_by.optional(),
  certification_details: writable.certification_details.optional(),
  external_url: writable.external_url.optional(),
  is_managed_externally: writable.is_managed_externally.optional(),
};

/** POST /api/v1/dashboard/. */
export const dashboardCreateSchema = z.object(writableShape).strict();
export type DashboardCreate = z.infer<typeof dashboardCreateSchema>;

/**
 * PUT /api/v1/dashboard/{id}; `tags` (ids or names) replaces the custom tags while TAGGING_SYSTEM is on;
 * `theme_id` is accepted and ignored.
 */
export const dashboardUpdateSchema = z
  .object({
    ...writableShape,
    tags: objectTagsInputSchema.optional(),
    theme_id: z.number().int().nullable().optional(),
  })
  .strict();
export type DashboardUpdate = z.infer<typeof dashboardUpdateSchema>;

const userSchema = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

/** One dashboard as GET /api/v1/dashboard/{id_or_slug} and the list answer it. */
export const dashboardSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  dashboard_title: z.string(),
  slug: z.string().nullable(),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
  published: z.boolean(),
  css: z.string().nullable(),
  json_metadata: z.string().nullable(),
  position_json: z.string().nullable(),
  certified_by: z.string().nullable(),
  certification_details: z.string().nullable(),
  is_managed_externally: z.boolean(),
  external_url: z.string().nullable(),
  owners: z.array(userSchema),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Names of the charts on the dashboard. */
  charts: z.array(z.string()),
  tags: z.array(tagRefSchema),
  created_by: userSchema.nullable(),
  changed_by: userSchema.nullable(),
  changed_by_name: z.string(),
  created_on: z.string(),
  changed_on: z.string(),
  changed_on_utc: z.string(),
  changed_on_delta_humanized: z.string(),
  created_on_delta_humanized: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

const partialUser = userSchema.partial({ first_name: true, last_name: true });

/** A dashboard narrowed by `columns` (see chartItemSchema). */
export const dashboardItemSchema = dashboardSchema
  .extend({
    owners: z.array(partialUser),
    roles: z.array(z.object({ id: z.number().int(), name: z.string().optional() })),
    created_by: partialUser.nullable(),
    changed_by: partialUser.nullable(),
  })
  .partial();
export type DashboardItem = z.infer<typeof dashboardItemSchema>;

export const dashboardShowResponseSchema = z.object({ id: z.number().int(), result: dashboardItemSchema });
export const dashboardListResponseSchema = listResponseSchema(dashboardItemSchema);
export type DashboardListResponse = z.infer<typeof dashboardListResponseSchema>;

export const dashboardWriteResponseSchema = z.object({
  id: z.number().int(),
  result: z.object({
    dashboard_title: z.string(),
    slug: z.string().nullable(),
    owners: z.array(z.number().int()),
    position_json: z.string().nullable(),
    json_metadata: z.string().nullable(),
    css: z.string().nullable(),
    published: z.boolean(),
  }),
  last_modified_time: z.number().optional(),
});
export type DashboardWriteResponse = z.infer<typeof dashboardWriteResponseSchema>;

export const DASHBOARD_LIST_FILTERS = {
  dashboard_title: ['ct', 'eq', 'title_or_slug'],
  owners: ['rel_m_m'],
  id: ['dashboard_is_favorite', 'dashboard_is_certified', 'eq', 'in'],
  published: ['eq'],
  created_by: ['dashboard_created_by_me', 'rel_o_m'],
  slug: ['eq'],
} as const;

export const DASHBOARD_ORDER_COLUMNS = [
  'dashboard_title',
  'changed_on_delta_humanized',
  'changed_on',
  'created_on',
  'published',
  'slug',
  'id',
] as const;
