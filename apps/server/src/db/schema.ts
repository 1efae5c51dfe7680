import type { ColumnType, Generated } from 'kysely';

/** Booleans are stored as 0/1 integers and times as ISO-8601 UTC text, the same on SQLite and PostgreSQL. */
export type Flag = number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  active: Flag;
  created_on: string;
  changed_on: string;
  last_login: string | null;
  login_count: number;
  fail_login_count: number;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
}

export interface RolePermissionsTable {
  id: Generated<number>;
  role_id: number;
  permission: string;
  view_menu: string;
}

/** Every (permission, view) pair that exists; role_permissions names the ones a role holds. */
export interface PermissionViewsTable {
  id: Generated<number>;
  permission: string;
  view_menu: string;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface SessionsTable {
  /** sha256 of the cookie value (or of the JWTs' `sid`); the secret itself is never stored. */
  id: string;
  user_id: number;
  created_on: string;
  expires_on: string;
  /** `cookie` for a browser session, `token` for an API login's access and refresh tokens. */
  kind: ColumnType<SessionKind, SessionKind | undefined, SessionKind>;
}

export type SessionKind = 'cookie' | 'token';

export interface DatabasesTable {
  id: Generated<number>;
  uuid: string;
  database_name: string;
  /** The URI with its password removed. */
  sqlalchemy_uri: string;
  /** The connection password, encrypted with the secret key; null when the URI has none. */
  password_encrypted: string | null;
  backend: string;
  expose_in_sqllab: Flag;
  allow_run_async: Flag;
  allow_dml: Flag;
  allow_ctas: Flag;
  allow_cvas: Flag;
  allow_file_upload: Flag;
  disable_data_preview: Flag;
  extra: string;
  cache_timeout: number | null;
  force_ctas_schema: string | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

/** One SQL Lab run. Times of the run are epoch milliseconds (the Query.to_dict form); JSON is text. */
export interface QueriesTable {
  id: Generated<number>;
  /** The client's id of the run (11 characters), unique per user. */
  client_id: string;
  database_id: number;
  user_id: number;
  status: string;
  sql: string;
  /** The SQL after template rendering: what workers and the CSV export re-plan from. */
  rendered_sql: string | null;
  /** The statements sent to the engine (CTAS applied), joined by ";\n". */
  executed_sql: string | null;
  sql_editor_id: string | null;
  tab_name: string | null;
  catalog: string | null;
  schema: string | null;
  limit: number | null;
  limiting_factor: string | null;
  select_as_cta: Flag;
  ctas_method: string | null;
  tmp_table_name: string | null;
  tmp_schema_name: string | null;
  run_async: Flag;
  progress: number;
  rows: number | null;
  error_message: string | null;
  /** JSON array of SIP-40 errors. */
  errors: string | null;
  results_key: string | null;
  start_time: number | null;
  start_running_time: number | null;
  end_time: number | null;
  tracking_url: string | null;
  /** JSON object. */
  extra: string;
  /** The worker process running an async query; with heartbeat_at it lets a sweep find orphans. */
  worker_id: string | null;
  heartbeat_at: number | null;
  created_on: string;
  changed_on: string;
}

/** One shared value (a permalink's state or a /kv/ entry), found by its random key. */
export interface KeyValueTable {
  id: Generated<number>;
  /** 128 random bits, base64url: links carry it, so it must not be guessable. */
  key: string;
  resource:
    | 'sqllab_permalink'
    | 'kv'
    | 'explore_permalink'
    | 'explore_form_data'
    | 'dashboard_permalink'
    | 'dashboard_filter_state';
  /** JSON text. */
  value: string;
  created_by_fk: number | null;
  created_on: string;
  /** Set for temporary entries (Explore's form_data cache); permalinks never expire. */
  expires_on: string | null;
}

/** A saved query (reference §2.5); `user_id` is its owner. */
export interface SavedQueriesTable {
  id: Generated<number>;
  /** Set by every writer (migration 0012 filled older rows); bundles match saved queries by it. */
  uuid: string;
  user_id: number;
  db_id: number;
  label: string;
  description: string;
  catalog: string | null;
  schema: string | null;
  sql: string;
  template_parameters: string | null;
  /** JSON object text. */
  extra_json: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

/** A dataset: a physical table, or a virtual one whose rows come from `sql`. */
export interface DatasetsTable {
  id: Generated<number>;
  uuid: string;
  table_name: string;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  template_params: string | null;
  is_sqllab_view: Flag;
  external_url: string | null;
  is_managed_externally: Flag;
  main_dttm_col: string | null;
  cache_timeout: number | null;
  description: string | null;
  default_endpoint: string | null;
  offset: Generated<number>;
  filter_select_enabled: Generated<Flag>;
  fetch_values_predicate: string | null;
  /** JSON object text. */
  extra: string | null;
  always_filter_main_dttm: Generated<Flag>;
  normalize_columns: Generated<Flag>;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

/** One column of a dataset, in result order. */
export interface DatasetColumnsTable {
  id: Generated<number>;
  dataset_id: number;
  position: number;
  column_name: string;
  type: string | null;
  type_generic: number | null;
  is_dttm: Flag;
  verbose_name: string | null;
  /** SQL of a calculated column; null for a column of the table or query. */
  expression: string | null;
  groupby: Generated<Flag>;
  filterable: Generated<Flag>;
  description: string | null;
  python_date_format: string | null;
  advanced_data_type: string | null;
  is_active: Generated<Flag>;
  /** JSON object text: `certification` ({certified_by, details}) and `warning_markdown` (migration 0013). */
  extra: string | null;
}

/** A saved metric of a dataset: an aggregate SQL expression. */
export interface DatasetMetricsTable {
  id: Generated<number>;
  dataset_id: number;
  metric_name: string;
  verbose_name: string | null;
  metric_type: string | null;
  expression: string;
  d3format: string | null;
  currency: string | null;
  description: string | null;
  certified_by: string | null;
  certification_details: string | null;
  warning_text: string | null;
  extra: string | null;
}

export interface DatasetOwnersTable {
  dataset_id: number;
  user_id: number;
}

export interface TabStateTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  active: Flag;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  query_limit: number | null;
  /** The client id of the tab's latest query. */
  latest_query_id: string | null;
  autorun: Flag;
  template_params: string | null;
  hide_left_bar: Flag;
  saved_query_id: number | null;
  extra_json: string;
  created_on: string;
  changed_on: string;
}

export interface TableSchemaTable {
  id: Generated<number>;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  /** The table metadata the client posted, as JSON text. */
  description: string;
  expanded: Flag;
  created_on: string;
  changed_on: string;
}

/** A chart (Superset's slice). `params` and `query_context` are JSON text kept as the client sent it. */
export interface SlicesTable {
  id: Generated<number>;
  uuid: string;
  slice_name: string;
  viz_type: string;
  datasource_id: number;
  datasource_type: string;
  params: string;
  query_context: string | null;
  description: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: Flag;
  external_url: string | null;
  last_saved_at: string | null;
  last_saved_by_fk: number | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

export interface SliceOwnersTable {
  id: Generated<number>;
  slice_id: number;
  user_id: number;
}

/** A dashboard; `position_json` is the layout tree and `json_metadata` its settings, both JSON text. */
export interface DashboardsTable {
  id: Generated<number>;
  uuid: string;
  dashboard_title: string;
  slug: string | null;
  position_json: string | null;
  json_metadata: string | null;
  css: string | null;
  description: string | null;
  published: Flag;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: Flag;
  external_url: string | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

export interface DashboardOwnersTable {
  id: Generated<number>;
  dashboard_id: number;
  user_id: number;
}

export interface DashboardSlicesTable {
  id: Generated<number>;
  dashboard_id: number;
  slice_id: number;
}

export interface DashboardRolesTable {
  id: Generated<number>;
  dashboard_id: number;
  role_id: number;
}

/** A user's star on a chart ('slice') or a dashboard ('Dashboard'): Superset's favstar. */
export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  class_name: 'slice' | 'Dashboard';
  obj_id: number;
  dttm: string;
}

/** A tag (Superset's `tag`): `custom` ones are named by users; the other kinds Superset derives. */
export interface TagTable {
  id: Generated<number>;
  name: string;
  type: 'custom' | 'owner' | 'type' | 'favorited_by';
  description: string | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

/**
 * A tag on an object; `object_id` is polymorphic over `object_type`. Superset's `query` kind (a saved
 * query) is stored as `saved_query`.
 */
export interface TaggedObjectTable {
  id: Generated<number>;
  tag_id: number;
  object_id: number;
  object_type: 'chart' | 'dashboard' | 'saved_query';
  created_by_fk: number | null;
  created_on: string;
}

/** An alert or report schedule (reference §10). JSON columns are text; times ISO-8601 UTC text. */
export interface ReportScheduleTable {
  id: Generated<number>;
  type: 'Alert' | 'Report';
  name: string;
  description: string | null;
  context_markdown: string | null;
  active: Flag;
  crontab: string;
  /** An IANA zone name: the cron is read in it. */
  timezone: string;
  creation_method: 'charts' | 'dashboards' | 'alerts_reports';
  sql: string | null;
  chart_id: number | null;
  dashboard_id: number | null;
  database_id: number | null;
  email_subject: string | null;
  report_format: 'PNG' | 'PDF' | 'CSV' | 'XLSX' | 'TEXT';
  validator_type: 'not null' | 'operator' | null;
  /** JSON object text `{op, threshold}`. */
  validator_config_json: string | null;
  log_retention: number;
  grace_period: number;
  working_timeout: number;
  force_screenshot: Flag;
  custom_width: number | null;
  /** JSON object text (`{dashboard: {activeTabs, …}}`). */
  extra_json: string;
  last_eval_dttm: string | null;
  last_state: ReportStateValue | null;
  last_value: number | null;
  last_value_row_json: string | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

export type ReportStateValue = 'Success' | 'Working' | 'Error' | 'Not triggered' | 'On Grace';

export interface ReportScheduleOwnerTable {
  id: Generated<number>;
  report_schedule_id: number;
  user_id: number;
}

export interface ReportRecipientTable {
  id: Generated<number>;
  report_schedule_id: number;
  type: 'Email' | 'Webhook';
  /** JSON object text `{target, ccTarget?, bccTarget?}`. */
  recipient_config_json: string;
  created_by_fk: number | null;
  created_on: string;
}

/** One run of a schedule; (report_schedule_id, scheduled_dttm) is unique, so an instant is claimed once. */
export interface ReportExecutionLogTable {
  id: Generated<number>;
  uuid: string;
  report_schedule_id: number;
  scheduled_dttm: string;
  start_dttm: string | null;
  end_dttm: string | null;
  value: number | null;
  value_row_json: string | null;
  state: ReportStateValue;
  error_message: string | null;
}

/** A named set of annotations (Superset's `annotation_layer`). */
export interface AnnotationLayerTable {
  id: Generated<number>;
  name: string;
  descr: string | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

/** One annotation of a layer; times are UTC ISO text. */
export interface AnnotationTable {
  id: Generated<number>;
  layer_id: number;
  short_descr: string;
  long_descr: string | null;
  start_dttm: string;
  end_dttm: string;
  json_metadata: string | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

/** A row level security rule (issue #15 item 5). */
export interface RlsFiltersTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  filter_type: 'Regular' | 'Base';
  group_key: string | null;
  clause: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

export interface RlsFilterTablesTable {
  id: Generated<number>;
  rls_filter_id: number;
  /** A dataset (`datasets.id`). */
  table_id: number;
}

export interface RlsFilterRolesTable {
  id: Generated<number>;
  rls_filter_id: number;
  role_id: number;
}

/** One browser event or API call (reference §11); dttm is an ISO UTC string like every other timestamp. */
export interface LogsTable {
  id: Generated<number>;
  action: string;
  user_id: number | null;
  dashboard_id: number | null;
  slice_id: number | null;
  json: string | null;
  dttm: string;
  duration_ms: number | null;
  referrer: string | null;
}

/** A dashboard's embedding (issue #15 item 4); allowed_domains is a JSON array of origins. */
export interface EmbeddedDashboardsTable {
  uuid: string;
  dashboard_id: number;
  allowed_domains: string;
  changed_by_fk: number | null;
  changed_on: string;
}

export interface MetadataSchema {
  users: UsersTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  permission_views: PermissionViewsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  databases: DatabasesTable;
  queries: QueriesTable;
  saved_queries: SavedQueriesTable;
  key_value: KeyValueTable;
  datasets: DatasetsTable;
  dataset_columns: DatasetColumnsTable;
  dataset_metrics: DatasetMetricsTable;
  dataset_owners: DatasetOwnersTable;
  tab_state: TabStateTable;
  table_schema: TableSchemaTable;
  slices: SlicesTable;
  slice_owners: SliceOwnersTable;
  dashboards: DashboardsTable;
  dashboard_owners: DashboardOwnersTable;
  dashboard_slices: DashboardSlicesTable;
  dashboard_roles: DashboardRolesTable;
  report_schedule: ReportScheduleTable;
  report_schedule_owner: ReportScheduleOwnerTable;
  report_recipient: ReportRecipientTable;
  report_execution_log: ReportExecutionLogTable;
  favorites: FavoritesTable;
  tag: TagTable;
  tagged_object: TaggedObjectTable;
  annotation_layer: AnnotationLayerTable;
  annotation: AnnotationTable;
  rls_filters: RlsFiltersTable;
  rls_filter_tables: RlsFilterTablesTable;
  rls_filter_roles: RlsFilterRolesTable;
  logs: LogsTable;
  embedded_dashboards: EmbeddedDashboardsTable;
}
