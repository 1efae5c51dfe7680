import { z } from 'zod';

/**
 * Superset's asset bundles (ImportV1 / export, reference §3–§9): a ZIP with one top folder holding
 * metadata.yaml and one YAML file per object, objects linked by uuid. These are the shapes of the YAML
 * files as Superset 3–5 write them. Unknown keys are dropped, not refused, so bundles of newer Superset
 * versions (`folders`, `theme_uuid`, `data` …) still import; the known keys are type-checked.
 */

export const BUNDLE_VERSION = '1.0.0';

/** The `type` of metadata.yaml per exported resource, as Superset names its model classes. */
export const BUNDLE_TYPES = ['Database', 'SqlaTable', 'Slice', 'Dashboard', 'SavedQuery'] as const;
export type BundleType = (typeof BUNDLE_TYPES)[number];

/** The API resources that export and import bundles, with the metadata type and folder of each. */
export const BUNDLE_RESOURCES = {
  database: { type: 'Database', folder: 'databases', label: 'database' },
  dataset: { type: 'SqlaTable', folder: 'datasets', label: 'dataset' },
  chart: { type: 'Slice', folder: 'charts', label: 'chart' },
  dashboard: { type: 'Dashboard', folder: 'dashboards', label: 'dashboard' },
  saved_query: { type: 'SavedQuery', folder: 'queries', label: 'saved query' },
} as const satisfies Record<string, { type: BundleType; folder: string; label: string }>;
export type BundleResource = keyof typeof BUNDLE_RESOURCES;
export const BUNDLE_RESOURCE_NAMES = Object.keys(BUNDLE_RESOURCES) as BundleResource[];

/** Superset's own examples database: its bundles name it by this uuid, so Tessera's examples carry it. */
export const EXAMPLES_DATABASE_UUID = 'a2dc77af-e654-49bb-b321-40f6b559a1ee';

/** Caps on what an uploaded bundle may hold; beyond them the upload is refused before it is unpacked. */
export const BUNDLE_LIMITS = {
  /** The uploaded ZIP itself. */
  zipBytes: 20 * 1024 * 1024,
  /** All entries together once uncompressed (zip bombs). */
  totalBytes: 64 * 1024 * 1024,
  /** One YAML file once uncompressed. */
  fileBytes: 8 * 1024 * 1024,
  files: 5000,
  /** YAML aliases per file: alias bombs expand exponentially, real bundles use none. */
  yamlAliases: 100,
} as const;

const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Not a valid UUID.');
const text = (max: number) => z.string().max(max);
const nullableText = (max: number) => text(max).nullish();
const flag = z.boolean().nullish();
const jsonObject = z.record(z.string(), z.unknown());
/** Superset writes `extra` fields as mappings; older exports (and hand edits) as JSON text. */
const extraField = z.union([jsonObject, z.string().max(1_000_000)]).nullish();

export const bundleMetadataSchema = z.object({
  version: z.literal(BUNDLE_VERSION, { message: `Must be equal to ${BUNDLE_VERSION}.` }),
  type: z.enum(BUNDLE_TYPES),
  timestamp: z.union([z.string().max(100), z.date()]).nullish(),
});
export type BundleMetadata = z.infer<typeof bundleMetadataSchema>;

export const bundleDatabaseSchema = z.object({
  database_name: text(250).min(1),
  sqlalchemy_uri: text(5000).min(1),
  /** Only in bundles written by hand: Superset exports mask the password and takes it separately. */
  password: nullableText(1000),
  cache_timeout: z.number().int().nullish(),
  expose_in_sqllab: flag,
  allow_run_async: flag,
  allow_ctas: flag,
  allow_cvas: flag,
  allow_dml: flag,
  allow_file_upload: flag,
  allow_csv_upload: flag,
  disable_data_preview: flag,
  force_ctas_schema: nullableText(250),
  extra: extraField,
  encrypted_extra: extraField,
  ssh_tunnel: jsonObject.nullish(),
  uuid,
  version: text(20).optional(),
});
export type BundleDatabase = z.infer<typeof bundleDatabaseSchema>;

export const bundleColumnSchema = z.object({
  column_name: text(255).min(1),
  verbose_name: nullableText(1024),
  is_dttm: flag,
  is_active: flag,
  type: nullableText(255),
  advanced_data_type: nullableText(255),
  groupby: flag,
  filterable: flag,
  expression: nullableText(100_000),
  description: nullableText(100_000),
  python_date_format: nullableText(255),
  extra: extraField,
});
export type BundleColumn = z.infer<typeof bundleColumnSchema>;

export const bundleMetricSchema = z.object({
  metric_name: text(255).min(1),
  verbose_name: nullableText(1024),
  metric_type: nullableText(32),
  expression: text(100_000).min(1),
  description: nullableText(100_000),
  d3format: nullableText(128),
  /** `{symbol, symbolPosition}` in Superset; stored as its JSON text. */
  currency: z.union([jsonObject, z.string().max(1000)]).nullish(),
  extra: extraField,
  warning_text: nullableText(10_000),
});
export type BundleMetric = z.infer<typeof bundleMetricSchema>;

export const bundleDatasetSchema = z.object({
  table_name: text(250).min(1),
  main_dttm_col: nullableText(250),
  description: nullableText(100_000),
  default_endpoint: nullableText(2000),
  offset: z.number().int().nullish(),
  cache_timeout: z.number().int().nullish(),
  catalog: nullableText(250),
  schema: nullableText(250),
  sql: nullableText(1_000_000),
  params: extraField,
  template_params: extraField,
  filter_select_enabled: flag,
  fetch_values_predicate: nullableText(100_000),
  extra: extraField,
  normalize_columns: flag,
  always_filter_main_dttm: flag,
  is_managed_externally: flag,
  external_url: nullableText(2000),
  uuid,
  metrics: z.array(bundleMetricSchema).max(10_000).default([]),
  columns: z.array(bundleColumnSchema).max(10_000).default([]),
  version: text(20).optional(),
  database_uuid: uuid,
});
export type BundleDataset = z.infer<typeof bundleDatasetSchema>;

export const bundleChartSchema = z.object({
  slice_name: text(250).min(1),
  description: nullableText(100_000),
  certified_by: nullableText(250),
  certification_details: nullableText(10_000),
  viz_type: text(250).min(1),
  params: z.union([jsonObject, z.string().max(5_000_000)]).nullish(),
  query_context: z.union([jsonObject, z.string().max(5_000_000)]).nullish(),
  cache_timeout: z.number().int().nullish(),
  is_managed_externally: flag,
  external_url: nullableText(2000),
  uuid,
  version: text(20).optional(),
  dataset_uuid: uuid,
});
export type BundleChart = z.infer<typeof bundleChartSchema>;

export const bundleDashboardSchema = z.object({
  dashboard_title: text(500),
  description: nullableText(100_000),
  css: nullableText(1_000_000),
  slug: nullableText(255),
  certified_by: nullableText(250),
  certification_details: nullableText(10_000),
  published: flag,
  is_managed_externally: flag,
  external_url: nullableText(2000),
  uuid,
  position: jsonObject.nullish(),
  metadata: jsonObject.nullish(),
  version: text(20).optional(),
});
export type BundleDashboard = z.infer<typeof bundleDashboardSchema>;

export const bundleSavedQuerySchema = z.object({
  catalog: nullableText(250),
  schema: nullableText(250),
  label: text(256).min(1),
  description: nullableText(10_000),
  sql: text(1_000_000),
  template_parameters: extraField,
  uuid,
  version: text(20).optional(),
  database_uuid: uuid,
});
export type BundleSavedQuery = z.infer<typeof bundleSavedQuerySchema>;

/** JSON text of `{"databases/x.yaml": "secret"}` as the import form's `passwords` field carries it. */
export const bundlePasswordsSchema = z.record(z.string().max(1000), z.string().max(1000));

/** The text fields of the import form (the file itself is `formData`). */
export const bundleImportFieldsSchema = z.object({
  overwrite: z.enum(['true', 'false']).optional(),
  passwords: z.string().max(1_000_000).optional(),
  ssh_tunnel_passwords: z.string().max(1_000_000).optional(),
  ssh_tunnel_private_keys: z.string().max(1_000_000).optional(),
  ssh_tunnel_private_key_passwords: z.string().max(1_000_000).optional(),
  encrypted_extras: z.string().max(1_000_000).optional(),
});
export type BundleImportFields = z.infer<typeof bundleImportFieldsSchema>;
