/** A (permission, view) pair, e.g. ['can_read', 'Database']. */
export type PermissionPair = readonly [permission: string, viewMenu: string];

const readWrite = (view: string): PermissionPair[] => [
  ['can_read', view],
  ['can_write', view],
];

/** Every pair the application checks; the Admin role is granted all of them. */
export const PERMISSION_CATALOGUE: readonly PermissionPair[] = [
  ...readWrite('Database'),
  ...readWrite('Dataset'),
  ...readWrite('Chart'),
  ...readWrite('Dashboard'),
  ...readWrite('SavedQuery'),
  ...readWrite('Tag'),
  // Annotation layers and their annotations: Alpha and Admin, as Superset keeps them from Gamma.
  ...readWrite('Annotation'),
  ...readWrite('SQLLab'),
  ...readWrite('TabStateView'),
  ...readWrite('ReportSchedule'),
  ...readWrite('User'),
  ...readWrite('Role'),
  ...readWrite('Row Level Security'),
  ['can_read', 'Query'],
  ['can_read', 'Log'],
  ['can_read', 'Explore'],
  ...readWrite('ExploreFormDataRestApi'),
  ...readWrite('ExplorePermalinkRestApi'),
  ['can_csv', 'Superset'],
  ['can_share_dashboard', 'Superset'],
  ['can_share_chart', 'Superset'],
  ['can_explore', 'Superset'],
  ['can_sqllab', 'Superset'],
  ['all_database_access', 'all_database_access'],
  ['all_datasource_access', 'all_datasource_access'],
  ['all_query_access', 'all_query_access'],
  // POST /api/v1/security/guest_token/ (embedding): admins, or a role given this pair for a host app's user.
  ['can_grant_guest_token', 'SecurityRestApi'],
];

const ADMIN_ONLY_VIEWS = new Set(['User', 'Role', 'Log', 'Row Level Security']);
const ADMIN_ONLY_PAIRS = new Set([
  'can_write|Database',
  'all_query_access|all_query_access',
  'can_grant_guest_token|SecurityRestApi',
]);

const alpha = PERMISSION_CATALOGUE.filter(
  ([permission, view]) => !ADMIN_ONLY_VIEWS.has(view) && !ADMIN_ONLY_PAIRS.has(`${permission}|${view}`),
);

const gamma: PermissionPair[] = [
  ['can_read', 'Database'],
  ['can_read', 'Dataset'],
  ...readWrite('Chart'),
  ...readWrite('Dashboard'),
  // Editors tag what they may edit (the tag routes also check the object).
  ...readWrite('Tag'),
  ...readWrite('ReportSchedule'),
  ['can_csv', 'Superset'],
  ['can_share_dashboard', 'Superset'],
  ['can_share_chart', 'Superset'],
  ['can_explore', 'Superset'],
  ['can_read', 'Explore'],
  ...readWrite('ExploreFormDataRestApi'),
  ...readWrite('ExplorePermalinkRestApi'),
];

const sqlLab: PermissionPair[] = [
  ['can_read', 'Database'],
  ...readWrite('SQLLab'),
  ...readWrite('TabStateView'),
  ...readWrite('SavedQuery'),
  ...readWrite('Tag'),
  ['can_read', 'Query'],
  ['can_sqllab', 'Superset'],
  ['can_csv', 'Superset'],
];

/** Built-in roles and their pairs, re-synced at every start like `superset init`. */
export const BUILT_IN_ROLE_PERMISSIONS: Readonly<Record<string, readonly PermissionPair[]>> = {
  Admin: PERMISSION_CATALOGUE,
  Alpha: alpha,
  Gamma: gamma,
  sql_lab: sqlLab,
  Public: [],
};

/** Any role whose name is "admin" in any letter case has every permission. */
export const isAdminRoleName = (name: string): boolean => name.toLowerCase() === 'admin';

export const pairKey = (permission: string, viewMenu: string): string => `${permission}|${viewMenu}`;

/** The per-database access pair, granted to roles that may use one database only. */
export const databaseAccessPair = (name: string, id: number): PermissionPair => [
  'database_access',
  `[${name}].(id:${id})`,
];
