import {
  accessGrantSchema,
  annotationCreateSchema,
  annotationLayerCreateSchema,
  annotationLayerUpdateSchema,
  annotationUpdateSchema,
  rlsRuleCreateSchema,
  rlsRuleUpdateSchema,
  browserLoginRequestSchema,
  chartCreateSchema,
  chartUpdateSchema,
  dashboardColorsQuerySchema,
  dashboardColorsSchema,
  dashboardCopySchema,
  dashboardCreateSchema,
  dashboardFilterStateQuerySchema,
  dashboardFilterStateWriteSchema,
  dashboardFiltersUpdateSchema,
  dashboardPermalinkRequestSchema,
  dashboardUpdateSchema,
  exploreFormDataWriteSchema,
  explorePermalinkRequestSchema,
  databaseCreateSchema,
  databaseUpdateSchema,
  datasetCreateSchema,
  datasetDuplicateSchema,
  datasetGetOrCreateSchema,
  datasetUpdateSchema,
  estimateRequestSchema,
  executeRequestSchema,
  formatSqlRequestSchema,
  kvStoreRequestSchema,
  sqlLabPermalinkRequestSchema,
  savedQueryCreateSchema,
  savedQueryUpdateSchema,
  stopQueryRequestSchema,
  tagCreateSchema,
  tagObjectBodySchema,
  tagUpdateSchema,
  loginRequestSchema,
  mePasswordUpdateSchema,
  queryContextSchema,
  reportCreateSchema,
  reportUpdateSchema,
  rolePermissionsWriteSchema,
  roleWriteSchema,
  tableMetadataQuerySchema,
  tableSchemaExpandedSchema,
  tabStateEditorSchema,
  tabStateMigrateQuerySchema,
  tabStateUpdateSchema,
  tableSchemaInputSchema,
  testConnectionSchema,
  userCreateSchema,
  userUpdateSchema,
  validateParametersSchema,
  embeddedDashboardWriteSchema,
  guestTokenRequestSchema,
} from '@tessera/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { z as zod } from 'zod';
import { samplesQuerySchema } from '../src/modules/datasets/dataset-samples';
import { savedChartDataQuerySchema } from '../src/modules/chart-data/saved-chart-data';
import { claimScheduledRun, newRunUuid } from '../src/modules/reports/reports.service';
import { startTestServer, type TestServer } from './harness';
import { createUser } from './sqllab-support';

const tabCreateSchema = zod.object({ queryEditor: tabStateEditorSchema });
const tableCreateSchema = zod.object({ table: tableSchemaInputSchema });
const migrateQuerySchema = tabStateMigrateQuerySchema;
const expandedSchema = tableSchemaExpandedSchema;
const datasourceKeyQuerySchema = zod.object({ datasourceKey: zod.string().regex(/^\d+__table$/) });
/** Legacy form data is well-formed once it names a dataset (the typed path may name it instead). */
const legacyFormDataBody = zod.object({ datasource: zod.string().regex(/^\d+__(table|dataset)$/) }).loose();
const legacyFormDataQuery = zod.object({ form_data: zod.string() });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Endpoint {
  method: Method;
  /** `:id` is replaced by fuzzed or real ids. */
  path: string;
  body?: z.ZodType;
  /** The endpoint reads rison from `q`. */
  rison?: boolean;
  query?: z.ZodType;
  /**
   * Well-formed with valid credentials whatever the body (logout), so it is sent only without them:
   * ending the admin session would turn every later case into a 401.
   */
  endsSession?: boolean;
}

/** Bundle imports take only multipart forms: every other body is malformed for them. */
const multipartOnly = zod.custom<never>(() => false);

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/health' },
  { method: 'GET', path: '/healthcheck' },
  { method: 'GET', path: '/health/ready' },
  { method: 'POST', path: '/api/v1/security/login', body: loginRequestSchema },
  { method: 'POST', path: '/login/', body: browserLoginRequestSchema },
  { method: 'POST', path: '/api/v1/security/refresh' },
  { method: 'GET', path: '/api/v1/security/csrf_token/' },
  { method: 'GET', path: '/api/v1/me/' },
  { method: 'GET', path: '/api/v1/me/roles/' },
  { method: 'PUT', path: '/api/v1/me/password', body: mePasswordUpdateSchema },
  { method: 'GET', path: '/api/v1/bootstrap/' },
  { method: 'GET', path: '/api/v1/security/users/', rison: true },
  { method: 'GET', path: '/api/v1/security/users/:id' },
  { method: 'POST', path: '/api/v1/security/users/', body: userCreateSchema },
  { method: 'PUT', path: '/api/v1/security/users/:id', body: userUpdateSchema },
  { method: 'GET', path: '/api/v1/security/roles/', rison: true },
  { method: 'GET', path: '/api/v1/security/roles/:id' },
  { method: 'POST', path: '/api/v1/security/roles/', body: roleWriteSchema },
  { method: 'PUT', path: '/api/v1/security/roles/:id', body: roleWriteSchema },
  { method: 'DELETE', path: '/api/v1/security/roles/:id' },
  { method: 'GET', path: '/api/v1/security/roles/:id/permissions/' },
  { method: 'POST', path: '/api/v1/security/roles/:id/permissions/', body: rolePermissionsWriteSchema },
  { method: 'POST', path: '/api/v1/security/roles/:id/access/', body: accessGrantSchema },
  { method: 'GET', path: '/api/v1/rowlevelsecurity/', rison: true },
  { method: 'GET', path: '/api/v1/rowlevelsecurity/:id', rison: true },
  { method: 'GET', path: '/api/v1/rowlevelsecurity/_info', rison: true },
  { method: 'GET', path: '/api/v1/rowlevelsecurity/related/:field', rison: true },
  { method: 'POST', path: '/api/v1/rowlevelsecurity/', body: rlsRuleCreateSchema },
  { method: 'PUT', path: '/api/v1/rowlevelsecurity/:id', body: rlsRuleUpdateSchema },
  { method: 'DELETE', path: '/api/v1/rowlevelsecurity/:id' },
  { method: 'DELETE', path: '/api/v1/rowlevelsecurity/', rison: true },
  { method: 'GET', path: '/api/v1/security/permissions/', rison: true },
  { method: 'GET', path: '/api/v1/security/permissions-resources/', rison: true },
  { method: 'GET', path: '/api/v1/database/', rison: true },
  { method: 'GET', path: '/api/v1/database/:id' },
  { method: 'POST', path: '/api/v1/database/', body: databaseCreateSchema },
  { method: 'PUT', path: '/api/v1/database/:id', body: databaseUpdateSchema },
  { method: 'DELETE', path: '/api/v1/database/:id' },
  { method: 'GET', path: '/api/v1/database/:id/related_objects/' },
  { method: 'POST', path: '/api/v1/database/test_connection/', body: testConnectionSchema },
  { method: 'POST', path: '/api/v1/database/validate_parameters/', body: validateParametersSchema },
  { method: 'GET', path: '/api/v1/database/:id/catalogs/', rison: true },
  { method: 'GET', path: '/api/v1/database/:id/schemas/', rison: true },
  { method: 'GET', path: '/api/v1/database/:id/tables/', rison: true },
  { method: 'GET', path: '/api/v1/database/:id/table_metadata/', query: tableMetadataQuerySchema },
  { method: 'GET', path: '/api/v1/database/:id/table_metadata/extra/', query: tableMetadataQuerySchema },
  { method: 'GET', path: '/api/v1/database/:id/table_extra/:table/:schema/' },
  { method: 'GET', path: '/api/v1/database/_info', rison: true },
  { method: 'GET', path: '/api/v1/database/:id/select_star/:id/' },
  { method: 'GET', path: '/api/v1/database/:id/select_star/:id/:id/' },
  { method: 'GET', path: '/api/v1/database/:id/function_names/' },
  { method: 'GET', path: '/api/v1/database/:id/table/:id/:id/' },
  { method: 'GET', path: '/api/v1/sqllab/' },
  { method: 'POST', path: '/api/v1/sqllab/execute/', body: executeRequestSchema },
  { method: 'GET', path: '/api/v1/sqllab/results/', rison: true },
  { method: 'GET', path: '/api/v1/sqllab/export/:id/' },
  { method: 'POST', path: '/api/v1/sqllab/estimate/', body: estimateRequestSchema },
  { method: 'POST', path: '/api/v1/sqllab/format_sql/', body: formatSqlRequestSchema },
  { method: 'GET', path: '/api/v1/query/', rison: true },
  { method: 'GET', path: '/api/v1/query/:id' },
  { method: 'GET', path: '/api/v1/query/updated_since', rison: true },
  { method: 'GET', path: '/api/v1/query/_info', rison: true },
  { method: 'GET', path: '/api/v1/query/related/:field', rison: true },
  { method: 'POST', path: '/api/v1/query/stop', body: stopQueryRequestSchema },
  { method: 'POST', path: '/tabstateview/', body: tabCreateSchema },
  { method: 'GET', path: '/tabstateview/:id' },
  { method: 'PUT', path: '/tabstateview/:id', body: tabStateUpdateSchema },
  { method: 'DELETE', path: '/tabstateview/:id' },
  { method: 'POST', path: '/tabstateview/:id/activate' },
  { method: 'POST', path: '/tabstateview/:id/migrate_query', body: migrateQuerySchema },
  { method: 'DELETE', path: '/tabstateview/:id/query/:id' },
  { method: 'POST', path: '/tableschemaview/', body: tableCreateSchema },
  { method: 'GET', path: '/tableschemaview/:id' },
  { method: 'DELETE', path: '/tableschemaview/:id' },
  { method: 'POST', path: '/tableschemaview/:id/expanded', body: expandedSchema },
  { method: 'GET', path: '/api/v1/annotation_layer/', rison: true },
  { method: 'GET', path: '/api/v1/annotation_layer/:id', rison: true },
  { method: 'GET', path: '/api/v1/annotation_layer/_info', rison: true },
  { method: 'GET', path: '/api/v1/annotation_layer/related/:field', rison: true },
  { method: 'POST', path: '/api/v1/annotation_layer/', body: annotationLayerCreateSchema },
  { method: 'PUT', path: '/api/v1/annotation_layer/:id', body: annotationLayerUpdateSchema },
  { method: 'DELETE', path: '/api/v1/annotation_layer/:id' },
  { method: 'DELETE', path: '/api/v1/annotation_layer/', rison: true },
  { method: 'GET', path: '/api/v1/annotation_layer/:id/annotation/', rison: true },
  { method: 'GET', path: '/api/v1/annotation_layer/:id/annotation/:annotationId', rison: true },
  { method: 'POST', path: '/api/v1/annotation_layer/:id/annotation/', body: annotationCreateSchema },
  {
    method: 'PUT',
    path: '/api/v1/annotation_layer/:id/annotation/:annotationId',
    body: annotationUpdateSchema,
  },
  { method: 'DELETE', path: '/api/v1/annotation_layer/:id/annotation/:annotationId' },
  { method: 'DELETE', path: '/api/v1/annotation_layer/:id/annotation/', rison: true },
  { method: 'POST', path: '/superset/log/' },
  // Its only parameter is optional and loose: no query string is invalid, so none is generated.
  { method: 'GET', path: '/api/v1/async_event/' },
  { method: 'GET', path: '/api/v1/dashboard/:id/embedded' },
  { method: 'POST', path: '/api/v1/dashboard/:id/embedded', body: embeddedDashboardWriteSchema },
  { method: 'PUT', path: '/api/v1/dashboard/:id/embedded', body: embeddedDashboardWriteSchema },
  { method: 'DELETE', path: '/api/v1/dashboard/:id/embedded' },
  { method: 'GET', path: '/api/v1/embedded_dashboard/:id' },
  { method: 'POST', path: '/api/v1/security/guest_token/', body: guestTokenRequestSchema },
  { method: 'GET', path: '/embedded/:id' },
  { method: 'GET', path: '/api/v1/log/', rison: true },
  { method: 'GET', path: '/api/v1/log/:id' },
  { method: 'GET', path: '/api/v1/log/recent_activity/', rison: true },
  { method: 'GET', path: '/api/v1/saved_query/', rison: true },
  { method: 'GET', path: '/api/v1/saved_query/:id', rison: true },
  { method: 'GET', path: '/api/v1/saved_query/_info', rison: true },
  { method: 'GET', path: '/api/v1/saved_query/related/:field', rison: true },
  { method: 'GET', path: '/api/v1/saved_query/distinct/:field', rison: true },
  { method: 'POST', path: '/api/v1/saved_query/', body: savedQueryCreateSchema },
  { method: 'PUT', path: '/api/v1/saved_query/:id', body: savedQueryUpdateSchema },
  { method: 'DELETE', path: '/api/v1/saved_query/:id' },
  { method: 'DELETE', path: '/api/v1/saved_query/', rison: true },
  { method: 'GET', path: '/api/v1/dataset/', rison: true },
  { method: 'GET', path: '/api/v1/dataset/:id', rison: true },
  { method: 'GET', path: '/api/v1/dataset/_info', rison: true },
  { method: 'GET', path: '/api/v1/dataset/related/:field', rison: true },
  { method: 'GET', path: '/api/v1/dataset/distinct/:field', rison: true },
  { method: 'DELETE', path: '/api/v1/dataset/', rison: true },
  { method: 'DELETE', path: '/api/v1/dataset/:id/column/:partId' },
  { method: 'DELETE', path: '/api/v1/dataset/:id/metric/:partId' },
  { method: 'POST', path: '/api/v1/dataset/', body: datasetCreateSchema },
  { method: 'POST', path: '/api/v1/dataset/get_or_create/', body: datasetGetOrCreateSchema },
  { method: 'DELETE', path: '/api/v1/dataset/:id' },
  { method: 'PUT', path: '/api/v1/dataset/:id', body: datasetUpdateSchema },
  { method: 'PUT', path: '/api/v1/dataset/:id/refresh' },
  { method: 'POST', path: '/api/v1/dataset/duplicate', body: datasetDuplicateSchema },
  { method: 'GET', path: '/api/v1/dataset/:id/related_objects' },
  { method: 'GET', path: '/superset/fetch_datasource_metadata', query: datasourceKeyQuerySchema },
  { method: 'POST', path: '/datasource/samples', query: samplesQuerySchema },
  { method: 'POST', path: '/api/v1/sqllab/permalink', body: sqlLabPermalinkRequestSchema },
  { method: 'GET', path: '/api/v1/sqllab/permalink/:id' },
  { method: 'POST', path: '/kv/store/', body: kvStoreRequestSchema },
  { method: 'GET', path: '/kv/:id' },
  { method: 'GET', path: '/kv/:id/' },
  { method: 'POST', path: '/api/v1/chart/data', body: queryContextSchema },
  { method: 'GET', path: '/api/v1/chart/:id/data/', query: savedChartDataQuerySchema },
  { method: 'GET', path: '/api/v1/chart/data/:id' },
  { method: 'GET', path: '/api/v1/datasource/:id/:id/column/:id/values/' },
  { method: 'GET', path: '/superset/explore_json/', query: legacyFormDataQuery },
  { method: 'POST', path: '/superset/explore_json/', body: legacyFormDataBody },
  { method: 'GET', path: '/superset/explore_json/:id/:id/', query: legacyFormDataQuery },
  { method: 'POST', path: '/superset/explore_json/:id/:id/', body: legacyFormDataBody },
  { method: 'POST', path: '/explore/', body: legacyFormDataBody },
  { method: 'POST', path: '/explore/:id/:id/', body: legacyFormDataBody },
  { method: 'GET', path: '/api/v1/tag/', rison: true },
  { method: 'GET', path: '/api/v1/tag/_info', rison: true },
  { method: 'GET', path: '/api/v1/tag/related/:field', rison: true },
  { method: 'GET', path: '/api/v1/tag/get_objects/' },
  { method: 'GET', path: '/api/v1/tag/:id' },
  { method: 'POST', path: '/api/v1/tag/', body: tagCreateSchema },
  { method: 'PUT', path: '/api/v1/tag/:id', body: tagUpdateSchema },
  { method: 'DELETE', path: '/api/v1/tag/:id' },
  { method: 'DELETE', path: '/api/v1/tag/', rison: true },
  { method: 'POST', path: '/api/v1/tag/:id/:id/', body: tagObjectBodySchema },
  { method: 'DELETE', path: '/api/v1/tag/:id/:id/:id' },
  { method: 'DELETE', path: '/api/v1/tag/:id/:id/:id/' },
  { method: 'GET', path: '/api/v1/report/', rison: true },
  { method: 'GET', path: '/api/v1/report/_info', rison: true },
  { method: 'GET', path: '/api/v1/report/related/:field', rison: true },
  { method: 'GET', path: '/api/v1/report/:id', rison: true },
  { method: 'POST', path: '/api/v1/report/', body: reportCreateSchema },
  { method: 'PUT', path: '/api/v1/report/:id', body: reportUpdateSchema },
  { method: 'DELETE', path: '/api/v1/report/:id' },
  { method: 'DELETE', path: '/api/v1/report/', rison: true },
  { method: 'GET', path: '/api/v1/report/:id/log/', rison: true },
  { method: 'GET', path: '/api/v1/report/:id/log/:id' },
  { method: 'GET', path: '/api/v1/dashboard/:id/thumbnail/:id/' },
  { method: 'GET', path: '/api/v1/dashboard/:id/screenshot/:id/' },
  { method: 'POST', path: '/api/v1/dashboard/:id/cache_dashboard_screenshot/' },
  { method: 'PUT', path: '/api/v1/dashboard/:id/cache_dashboard_screenshot/' },
  { method: 'GET', path: '/api/v1/chart/:id/thumbnail/:id/' },
  { method: 'GET', path: '/api/v1/chart/:id/screenshot/:id/' },
  { method: 'GET', path: '/api/v1/chart/:id/cache_screenshot/' },
  { method: 'GET', path: '/api/v1/chart/', rison: true },
  { method: 'GET', path: '/api/v1/chart/_info', rison: true },
  { method: 'GET', path: '/api/v1/chart/:id', rison: true },
  { method: 'POST', path: '/api/v1/chart/', body: chartCreateSchema },
  { method: 'PUT', path: '/api/v1/chart/:id', body: chartUpdateSchema },
  { method: 'DELETE', path: '/api/v1/chart/:id' },
  { method: 'DELETE', path: '/api/v1/chart/', rison: true },
  { method: 'GET', path: '/api/v1/chart/favorite_status/', rison: true },
  { method: 'POST', path: '/api/v1/chart/:id/favorites/' },
  { method: 'DELETE', path: '/api/v1/chart/:id/favorites/' },
  { method: 'GET', path: '/api/v1/chart/related/:field', rison: true },
  { method: 'GET', path: '/api/v1/chart/distinct/:field', rison: true },
  { method: 'GET', path: '/api/v1/dashboard/', rison: true },
  { method: 'GET', path: '/api/v1/dashboard/:id', rison: true },
  { method: 'POST', path: '/api/v1/dashboard/', body: dashboardCreateSchema },
  { method: 'PUT', path: '/api/v1/dashboard/:id', body: dashboardUpdateSchema },
  { method: 'DELETE', path: '/api/v1/dashboard/:id' },
  { method: 'DELETE', path: '/api/v1/dashboard/', rison: true },
  { method: 'GET', path: '/api/v1/dashboard/favorite_status/', rison: true },
  { method: 'GET', path: '/api/v1/dashboard/related/:field', rison: true },
  { method: 'GET', path: '/api/v1/dashboard/_info', rison: true },
  { method: 'GET', path: '/api/v1/dashboard/:id/charts' },
  { method: 'GET', path: '/api/v1/dashboard/:id/datasets' },
  { method: 'GET', path: '/api/v1/dashboard/:id/tabs' },
  { method: 'POST', path: '/api/v1/dashboard/:id/copy/', body: dashboardCopySchema },
  {
    method: 'PUT',
    path: '/api/v1/dashboard/:id/colors',
    body: dashboardColorsSchema,
    query: dashboardColorsQuerySchema,
  },
  { method: 'PUT', path: '/api/v1/dashboard/:id/filters', body: dashboardFiltersUpdateSchema },
  { method: 'POST', path: '/api/v1/dashboard/:id/permalink', body: dashboardPermalinkRequestSchema },
  { method: 'GET', path: '/api/v1/dashboard/permalink/:id' },
  {
    method: 'POST',
    path: '/api/v1/dashboard/:id/filter_state',
    body: dashboardFilterStateWriteSchema,
    query: dashboardFilterStateQuerySchema,
  },
  { method: 'GET', path: '/api/v1/dashboard/:id/filter_state/:id' },
  { method: 'PUT', path: '/api/v1/dashboard/:id/filter_state/:id', body: dashboardFilterStateWriteSchema },
  { method: 'DELETE', path: '/api/v1/dashboard/:id/filter_state/:id' },
  { method: 'POST', path: '/api/v1/dashboard/:id/favorites/' },
  { method: 'DELETE', path: '/api/v1/dashboard/:id/favorites/' },
  { method: 'GET', path: '/api/v1/explore/', query: zod.object({ slice_id: zod.string() }) },
  { method: 'POST', path: '/api/v1/explore/permalink', body: explorePermalinkRequestSchema },
  { method: 'GET', path: '/api/v1/explore/permalink/:id' },
  { method: 'POST', path: '/api/v1/explore/form_data', body: exploreFormDataWriteSchema },
  { method: 'PUT', path: '/api/v1/explore/form_data/:id', body: exploreFormDataWriteSchema },
  { method: 'GET', path: '/api/v1/explore/form_data/:id' },
  { method: 'DELETE', path: '/api/v1/explore/form_data/:id' },
  { method: 'POST', path: '/logout/', endsSession: true },
  { method: 'GET', path: '/api/v1/database/export/', rison: true },
  { method: 'POST', path: '/api/v1/database/import/', body: multipartOnly },
  { method: 'GET', path: '/api/v1/dataset/export/', rison: true },
  { method: 'POST', path: '/api/v1/dataset/import/', body: multipartOnly },
  { method: 'GET', path: '/api/v1/chart/export/', rison: true },
  { method: 'POST', path: '/api/v1/chart/import/', body: multipartOnly },
  { method: 'GET', path: '/api/v1/dashboard/export/', rison: true },
  { method: 'POST', path: '/api/v1/dashboard/import/', body: multipartOnly },
  { method: 'GET', path: '/api/v1/saved_query/export/', rison: true },
  { method: 'POST', path: '/api/v1/saved_query/import/', body: multipartOnly },
];

/** Routes that are not the API: the SPA's index page and static web files. */
const NOT_API_ROUTE = /^\/($|assets\/|favicon\.(svg|ico)$|robots\.txt$)/;

/** `METHOD /path` with every route parameter written `:id`, as ENDPOINTS writes them. */
function routeKey(method: string, url: string): string {
  return `${method} ${url.replace(/:[A-Za-z_]+/g, ':id')}`;
}

/**
 * Every metadata table. sessions is here too: the admin logs in before the first snapshot, the fuzz
 * sends logins only malformed bodies, and logout only without valid credentials, so nothing it sends
 * may start or end a session.
 */
const WRITE_FREE_TABLES = [
  'annotation_layer',
  'annotation',
  'rls_filters',
  'rls_filter_tables',
  'rls_filter_roles',
  'tag',
  'tagged_object',
  'users',
  'roles',
  'permission_views',
  'role_permissions',
  'user_roles',
  'sessions',
  'databases',
  'queries',
  'saved_queries',
  'tab_state',
  'table_schema',
  'datasets',
  'dataset_columns',
  'dataset_metrics',
  'dataset_owners',
  'slices',
  'slice_owners',
  'dashboards',
  'dashboard_owners',
  'dashboard_roles',
  'dashboard_slices',
  'favorites',
  'key_value',
  'report_schedule',
  'report_schedule_owner',
  'report_recipient',
  'report_execution_log',
] as const;

/** Values that break types: wrong primitives, nesting, huge and hostile strings. */
const hostileValue = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    "'; DROP TABLE users; --",
    '../../etc/passwd',
    '{{7*7}}',
    '__proto__',
    'constructor',
  ),
  fc.string({ minLength: 300, maxLength: 2000 }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.double(),
  fc.constantFrom(null, true, false, [], {}),
);

interface RawBody {
  raw: string;
  contentType: string;
}

/** The object the server's form parser makes of a form body: the last value of a repeated field wins. */
function formFields(raw: string): Record<string, string> {
  return Object.fromEntries(new Map(new URLSearchParams(raw)));
}

/**
 * A body the endpoint's schema rejects: random JSON (also labelled as text or with a charset), an object
 * with wrong or unknown fields, broken JSON, or a form post the schema rejects once parsed.
 */
function malformedBody(schema: z.ZodType | undefined): fc.Arbitrary<RawBody> {
  const fieldNames = [
    'database_name',
    'sqlalchemy_uri',
    'extra',
    'username',
    'password',
    'roles',
    'email',
    'active',
    'provider',
    'refresh',
    'allow_dml',
    'id',
    'name',
    'form_data',
    '__proto__',
    'constructor',
  ];
  const objectBody = fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { maxKeys: 6 });
  const json = fc
    .oneof(objectBody, hostileValue)
    .filter((value) => !schema?.safeParse(value).success)
    .chain((value) =>
      fc.record({
        raw: fc.constant(JSON.stringify(value)),
        contentType: fc.constantFrom(
          'application/json',
          'application/json',
          'application/json; charset=utf-8',
          'text/plain',
        ),
      }),
    );
  const brokenJson = fc
    .constantFrom('{', '{"a":', '[1,2', 'nul', '{"database_name": "x",}', '\u0000', '"unterminated', '')
    .map((raw) => ({ raw, contentType: 'application/json' }));
  const form = fc
    .array(fc.tuple(fc.constantFrom(...fieldNames), fc.string({ maxLength: 60 })), { maxLength: 6 })
    .map((pairs) => new URLSearchParams(pairs).toString())
    // A filter could loop forever on a schema that takes any string fields; an accepted form is sent
    // as broken JSON instead.
    .map((raw) =>
      schema?.safeParse(formFields(raw)).success
        ? { raw: '{', contentType: 'application/json' }
        : { raw, contentType: 'application/x-www-form-urlencoded' },
    );
  const otherType = fc
    .constantFrom('multipart/form-data; boundary=x', 'application/xml', 'application/octet-stream')
    .map((contentType) => ({ raw: '--x\r\n<a>1</a>', contentType }));
  return fc.oneof(
    { weight: 8, arbitrary: json },
    { weight: 2, arbitrary: brokenJson },
    { weight: 2, arbitrary: form },
    { weight: 1, arbitrary: otherType },
  );
}

const fuzzId = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1e3',
    '999999999999999999999',
    'abc',
    '%00',
    '..%2F..',
    'null',
    ' 1',
    '1.5',
    '%27%20OR%201%3D1',
  ),
  fc.string({ maxLength: 40 }).map((text) => encodeURIComponent(text)),
  fc.nat({ max: 50 }).map(String),
);

/** Ids that can never name a row: a DELETE with a real id would be a well-formed request, not a fuzz case. */
const invalidId = fc.constantFrom('0', '-1', 'abc', '999999999', '1.5', '%00', 'null', '1e3');

const fuzzRison = fc.oneof(
  fc.constantFrom(
    '(',
    '!(',
    '(filters:!((col:database_name,opr:zz,value:x)))',
    '(page_size:100000)',
    '(page:-1)',
    '(order_column:password_hash)',
    "(order_direction:'; DROP')",
    '(columns:!(1,2))',
    '(((((',
    "'",
    '(filters:!((col:x,opr:ct,value:(a:(b:(c:1))))))',
  ),
  fc.string({ maxLength: 80 }),
);

interface FuzzCase {
  endpoint: Endpoint;
  auth: 'admin' | 'none' | 'cookie-no-csrf' | 'garbage-token';
  id: string;
  body: RawBody | null;
  q: string | null;
  extraQuery: Record<string, string>;
  /** Every query parameter sent twice, which the query parser turns into an array. */
  repeatQuery: boolean;
}

function caseFor(endpoint: Endpoint): fc.Arbitrary<FuzzCase> {
  return fc.record({
    endpoint: fc.constant(endpoint),
    auth: endpoint.endsSession
      ? fc.constantFrom('none', 'cookie-no-csrf', 'garbage-token')
      : fc.constantFrom('admin', 'admin', 'admin', 'none', 'cookie-no-csrf', 'garbage-token'),
    id: endpoint.method === 'DELETE' ? invalidId : fuzzId,
    body: endpoint.body || endpoint.method !== 'GET' ? malformedBody(endpoint.body) : fc.constant(null),
    q: endpoint.rison ? fuzzRison : fc.constant(null),
    extraQuery: endpoint.query
      ? fc
          .dictionary(
            fc.constantFrom('name', 'schema', 'catalog', 'format', 'type', 'force', 'bogus'),
            fc.string({ maxLength: 300 }),
            {
              maxKeys: 4,
            },
          )
          .filter((query) => !(endpoint.query?.safeParse(query).success ?? false))
      : fc.constant({}),
    repeatQuery: fc.constantFrom(false, false, false, false, true),
  });
}

describe('fuzzing every endpoint with malformed requests', () => {
  let server: TestServer;
  let token: string;
  let cookie: string;
  let requests = 0;
  const hits = new Map<Endpoint, number>();

  const snapshot = async () => {
    const out: Record<string, unknown> = {};
    for (const table of WRITE_FREE_TABLES) {
      out[table] = await server.ctx.store.db.selectFrom(table).selectAll().execute();
    }
    return JSON.stringify(out);
  };

  beforeAll(async () => {
    // Tagging and embedding on, so their routes' handlers are fuzzed and not only the flags' 404.
    server = await startTestServer('sqlite', {
      configFile: { feature_flags: { TAGGING_SYSTEM: true, EMBEDDED_SUPERSET: true } },
    });
    token = await server.token();
    const login = await server.request('POST', '/login/', {
      body: { username: 'admin', password: 'admin-test-password-1' },
    });
    cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    // One real connection, so ids that exist are fuzzed too.
    await server.request('POST', '/api/v1/database/', {
      token,
      body: { database_name: 'fuzz-target', sqlalchemy_uri: 'sqlite://' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists every API route the server registers', () => {
    const listed = new Set(ENDPOINTS.map((endpoint) => routeKey(endpoint.method, endpoint.path)));
    const unlisted = server.routes
      .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .filter((route) => !NOT_API_ROUTE.test(route.url))
      .map((route) => routeKey(route.method, route.url))
      .filter((key) => !listed.has(key));
    expect(unlisted).toEqual([]);
    // And nothing listed that the server does not serve, so a renamed route cannot leave a stale entry.
    const served = new Set(server.routes.map((route) => routeKey(route.method, route.url)));
    expect([...listed].filter((key) => !served.has(key))).toEqual([]);
  });

  it('never answers 5xx and never writes anything', async () => {
    const before = await snapshot();
    const all = fc.oneof(...ENDPOINTS.map(caseFor));
    await fc.assert(
      fc.asyncProperty(all, async (fuzz) => {
        const path = fuzz.endpoint.path.replaceAll(':id', fuzz.id === '' ? '1' : fuzz.id);
        const params = new URLSearchParams(fuzz.extraQuery);
        if (fuzz.q !== null) params.set('q', fuzz.q);
        if (fuzz.repeatQuery) for (const [key, value] of [...params]) params.append(key, value);
        const query = params.toString();
        const headers: Record<string, string> = {};
        if (fuzz.auth === 'admin') headers.authorization = `Bearer ${token}`;
        if (fuzz.auth === 'garbage-token') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.e30.';
        if (fuzz.auth === 'cookie-no-csrf') headers.cookie = cookie;
        if (fuzz.body) headers['content-type'] = fuzz.body.contentType;
        const response = await server.app.inject({
          method: fuzz.endpoint.method,
          url: query ? `${path}?${query}` : path,
          headers,
          ...(fuzz.body && fuzz.endpoint.method !== 'GET' ? { payload: fuzz.body.raw } : {}),
        });
        requests += 1;
        hits.set(fuzz.endpoint, (hits.get(fuzz.endpoint) ?? 0) + 1);
        if (response.statusCode >= 500) {
          throw new Error(
            `${fuzz.endpoint.method} ${path}?${query} -> ${response.statusCode} ${response.body}`,
          );
        }
        // Every error is JSON in one of the documented shapes.
        if (response.statusCode >= 400) {
          const body = response.json<Record<string, unknown>>();
          // {error} is the documented shape of the tab persistence views (reference §2.6).
          expect('message' in body || 'errors' in body || 'error' in body).toBe(true);
        }
      }),
      { numRuns: 10_000, seed: 20_261_122 },
    );
    expect(requests).toBeGreaterThanOrEqual(10_000);
    const rarest = Math.min(...ENDPOINTS.map((endpoint) => hits.get(endpoint) ?? 0));
    expect(rarest).toBeGreaterThanOrEqual(20);
    expect(await snapshot()).toBe(before);
    // The admin cases stayed authenticated throughout, rather than degrading into 401s.
    expect((await server.request('GET', '/api/v1/me/', { token })).statusCode).toBe(200);
  });
});

/**
 * The report routes with real ids and report-shaped bodies (issue #14 acceptance: bad input to every
 * endpoint is a clear 4xx and nothing is written). Each body is a valid schedule with at least one field
 * broken: wrong types, hostile crontab and timezone strings, out-of-range numbers, unknown fields, huge
 * values; others are malformed JSON or too large to read. Another user's schedule is changed, deleted
 * and read with valid bodies too: refused all the same.
 */
describe('fuzzing the report routes with schedule-shaped bodies and other users’ ids', () => {
  let server: TestServer;
  const tokens: Record<'admin' | 'alpha' | 'gamma', string> = { admin: '', alpha: '', gamma: '' };
  let adminReport = 0;
  let alphaReport = 0;
  let adminLog = 0;
  let dashboardId = 0;

  const snapshot = async () => {
    const out: Record<string, unknown> = {};
    for (const table of WRITE_FREE_TABLES) {
      out[table] = await server.ctx.store.db.selectFrom(table).selectAll().execute();
    }
    return JSON.stringify(out);
  };

  const validBody = (name: string) => ({
    type: 'Report',
    name,
    crontab: '0 9 * * 1',
    timezone: 'Europe/Paris',
    dashboard: dashboardId,
    report_format: 'PDF',
    custom_width: 1200,
    recipients: [{ type: 'Email', recipient_config_json: { target: 'fuzz@example.com' } }],
  });

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    tokens.admin = await server.token();
    tokens.alpha = await createUser(server, tokens.admin, 'fuzz_alpha', 'Alpha');
    tokens.gamma = await createUser(server, tokens.admin, 'fuzz_gamma', 'Gamma');
    const dashboard = await server.request('POST', '/api/v1/dashboard/', {
      token: tokens.admin,
      body: { dashboard_title: 'Fuzz board', published: true },
    });
    dashboardId = dashboard.json<{ id: number }>().id;
    const create = async (token: string, name: string) => {
      const response = await server.request('POST', '/api/v1/report/', { token, body: validBody(name) });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    adminReport = await create(tokens.admin, 'Admin schedule');
    alphaReport = await create(tokens.alpha, 'Alpha schedule');
    const logId = await claimScheduledRun(server.ctx.store.db, {
      reportId: adminReport,
      scheduledDttm: '2026-01-05T08:00:00.000Z',
      uuid: newRunUuid(),
    });
    if (logId === null) throw new Error('log row not claimed');
    adminLog = logId;
  });
  afterAll(async () => {
    await server.close();
  });

  /** One field each, every one of them refused by the schema or the checks (400 or 422). */
  const brokenFields: [string, unknown][] = [
    ['crontab', '* * * * * *'],
    ['crontab', '0 0 31 2 *'],
    ['crontab', '61 * * * *'],
    ['crontab', '* * * *'],
    ['crontab', ''],
    ['crontab', '0 9 * * 1; rm -rf /'],
    ['crontab', '0 9 * * 1\u0000'],
    ['crontab', `0 ${'9,'.repeat(600)}9 * * *`],
    ['crontab', 42],
    ['crontab', ['0', '9', '*', '*', '1']],
    ['timezone', 'Mars/Olympus_Mons'],
    ['timezone', '../../etc/localtime'],
    ['timezone', 'UTC\u0000'],
    ['timezone', 'Europe/Paris '],
    ['timezone', ''],
    ['timezone', '+99:00'],
    ['timezone', 'x'.repeat(5000)],
    ['timezone', { zone: 'UTC' }],
    ['name', ''],
    ['name', 'n'.repeat(151)],
    ['name', 7],
    ['name', null],
    ['type', 'Cron'],
    ['report_format', 'EXE'],
    ['custom_width', 599],
    ['custom_width', 2401],
    ['custom_width', 'wide'],
    ['custom_width', 1e308],
    ['log_retention', -1],
    ['working_timeout', 0],
    ['grace_period', -5],
    ['owners', [999_999]],
    ['owners', ['admin']],
    ['owners', 'admin'],
    ['chart', 1],
    ['database', 1],
    ['dashboard', 999_999],
    ['dashboard', '1; DROP TABLE report_schedule'],
    ['active', 'yes'],
    ['recipients', 'fuzz@example.com'],
    ['recipients', [{ type: 'Slack', recipient_config_json: { target: '#general' } }]],
    ['recipients', [{ type: 'Email', recipient_config_json: { target: 'not an address' } }]],
    ['recipients', [{ type: 'Webhook', recipient_config_json: { target: 'file:///etc/passwd' } }]],
    ['recipients', [{ type: 'Email' }]],
    ['extra', { dashboard: { anchor: JSON.stringify(['TAB-nope']) } }],
    ['extra', { dashboard: { activeTabs: 'TAB-a' } }],
    ['extra', 'dashboard'],
    ['validator_config_json', { op: 'DROP', threshold: 1 }],
    ['bogus_field', 1],
    ['__proto__', { type: 'Alert' }],
  ];

  /** A valid schedule with random values on known fields, then 1–3 broken fields laid over them last. */
  const brokenSchedule = fc
    .record({
      noise: fc.dictionary(
        fc.constantFrom('description', 'email_subject', 'context_markdown', 'force_screenshot'),
        hostileValue,
        { maxKeys: 2 },
      ),
      broken: fc.uniqueArray(fc.constantFrom(...brokenFields), {
        minLength: 1,
        maxLength: 3,
        selector: ([field]) => field,
      }),
    })
    .map(({ noise, broken }) => {
      const body: Record<string, unknown> = { ...validBody('Fuzzed schedule'), ...noise };
      for (const [field, value] of broken) {
        // '__proto__' as an own key, as JSON.parse makes it, not the prototype.
        Object.defineProperty(body, field, { value, enumerable: true, configurable: true, writable: true });
      }
      // A '__proto__' key is refused by the JSON parser as a whole ('Request body is not valid JSON.').
      const clear = !broken.some(([field]) => field === '__proto__');
      return { raw: JSON.stringify(body), contentType: 'application/json', clear };
    });

  /** Too large to read (over TESSERA's body limit) or large inside: both refused before any write. */
  const hugeBody = fc.constantFrom(
    { raw: JSON.stringify({ ...validBody('Huge'), description: 'd'.repeat(6 * 1024 * 1024) }), clear: false },
    { raw: JSON.stringify({ ...validBody('n'.repeat(1024 * 1024)) }), clear: true },
    {
      raw: JSON.stringify({
        ...validBody('Many recipients'),
        recipients: Array.from({ length: 20_000 }, () => ({ type: 'Email', recipient_config_json: {} })),
      }),
      clear: true,
    },
  );

  /** Bodies the route's own schema refuses (a PUT takes any subset, so `{}` is well-formed there). */
  const reportBody = (schema: z.ZodType) =>
    fc.oneof(
      { weight: 6, arbitrary: brokenSchedule },
      { weight: 2, arbitrary: malformedBody(schema).map((body) => ({ ...body, clear: false })) },
      { weight: 1, arbitrary: hugeBody.map((body) => ({ ...body, contentType: 'application/json' })) },
    );

  type Route =
    | {
        kind: 'post';
        as: 'admin' | 'alpha' | 'gamma';
        body: { raw: string; contentType: string; clear: boolean };
      }
    | {
        kind: 'put-broken';
        as: 'admin' | 'alpha';
        id: 'own';
        body: { raw: string; contentType: string; clear: boolean };
      }
    | { kind: 'put-other'; as: 'alpha' | 'gamma'; valid: boolean }
    | { kind: 'delete-other'; as: 'alpha' | 'gamma'; bulk: boolean }
    | { kind: 'read-other'; as: 'gamma'; what: 'show' | 'log' | 'log-row' };

  const routes: fc.Arbitrary<Route> = fc.oneof(
    fc.record({
      kind: fc.constant('post' as const),
      as: fc.constantFrom('admin' as const, 'alpha' as const, 'gamma' as const),
      body: reportBody(reportCreateSchema),
    }),
    fc.record({
      kind: fc.constant('put-broken' as const),
      as: fc.constantFrom('admin' as const, 'alpha' as const),
      id: fc.constant('own' as const),
      body: reportBody(reportUpdateSchema),
    }),
    fc.record({
      kind: fc.constant('put-other' as const),
      as: fc.constantFrom('alpha' as const, 'gamma' as const),
      valid: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('delete-other' as const),
      as: fc.constantFrom('alpha' as const, 'gamma' as const),
      bulk: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('read-other' as const),
      as: fc.constant('gamma' as const),
      what: fc.constantFrom('show' as const, 'log' as const, 'log-row' as const),
    }),
  );

  /** A 400/422 about the body names the fields at fault: `{message: {field: [text, …]}}`. */
  function expectFieldMessages(body: Record<string, unknown>) {
    const message = body.message;
    expect(typeof message === 'object' && message !== null && !Array.isArray(message)).toBe(true);
    const fields = Object.entries(message as Record<string, unknown>);
    expect(fields.length).toBeGreaterThan(0);
    for (const [, texts] of fields) {
      expect(Array.isArray(texts) || (typeof texts === 'object' && texts !== null)).toBe(true);
    }
  }

  it('answers every bad write with a clear 4xx and writes nothing', async () => {
    const before = await snapshot();
    const statuses = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(routes, async (route) => {
        const token = tokens[route.as];
        const own = route.as === 'alpha' ? alphaReport : adminReport;
        let method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET';
        let url = '';
        let payload: string | undefined;
        let contentType = 'application/json';
        let clear = false;
        switch (route.kind) {
          case 'post':
            method = 'POST';
            url = '/api/v1/report/';
            ({ raw: payload, contentType, clear } = route.body);
            break;
          case 'put-broken':
            method = 'PUT';
            url = `/api/v1/report/${String(own)}`;
            ({ raw: payload, contentType, clear } = route.body);
            break;
          case 'put-other':
            method = 'PUT';
            url = `/api/v1/report/${String(adminReport)}`;
            payload = JSON.stringify(route.valid ? { active: false, name: 'Taken over' } : { crontab: 'x' });
            break;
          case 'delete-other':
            method = 'DELETE';
            url = route.bulk
              ? `/api/v1/report/?q=${encodeURIComponent(`!(${String(adminReport)},${String(alphaReport)})`)}`
              : `/api/v1/report/${String(route.as === 'gamma' ? alphaReport : adminReport)}`;
            break;
          case 'read-other':
            url =
              route.what === 'show'
                ? `/api/v1/report/${String(adminReport)}`
                : route.what === 'log'
                  ? `/api/v1/report/${String(adminReport)}/log/`
                  : `/api/v1/report/${String(adminReport)}/log/${String(adminLog)}`;
            break;
        }
        const response = await server.app.inject({
          method,
          url,
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload === undefined ? {} : { 'content-type': contentType }),
          },
          ...(payload === undefined ? {} : { payload }),
        });
        const key = `${route.kind} ${String(response.statusCode)}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        const context = `${route.kind} as ${route.as} ${method} ${url} ${(payload ?? '').slice(0, 300)} -> ${String(response.statusCode)} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, context).toBeLessThan(500);
        const body = response.json<Record<string, unknown>>();
        expect('message' in body || 'errors' in body, context).toBe(true);
        // A readable schedule body with broken fields: the answer says which fields, as Superset does.
        if (clear && (response.statusCode === 400 || response.statusCode === 422)) expectFieldMessages(body);
        if (clear) expect([400, 413, 422], context).toContain(response.statusCode);
        // Another user's schedule: hidden (404) or, when visible, not theirs to change (403).
        if (route.kind === 'put-other' || route.kind === 'delete-other' || route.kind === 'read-other')
          expect([403, 404], context).toContain(response.statusCode);
      }),
      { numRuns: 1500, seed: 20_261_128 },
    );
    expect(await snapshot()).toBe(before);
    // Every kind of case was tried.
    for (const kind of ['post', 'put-broken', 'put-other', 'delete-other', 'read-other'])
      expect(
        [...statuses.keys()].some((key) => key.startsWith(`${kind} `)),
        kind,
      ).toBe(true);
    // The owners still have their schedules, unchanged and readable.
    const show = await server.request('GET', `/api/v1/report/${String(alphaReport)}`, {
      token: tokens.alpha,
    });
    expect(show.json<{ result: { name: string; active: boolean } }>().result).toMatchObject({
      name: 'Alpha schedule',
      active: true,
    });
  });
});
