/**
 * API classes by the first path segment after /api/v1/, so that action names read like Superset's
 * (`ChartRestApi.get_list`); a segment not listed becomes its PascalCase + `RestApi`.
 */
const API_CLASSES: Readonly<Record<string, string>> = {
  chart: 'ChartRestApi',
  dashboard: 'DashboardRestApi',
  database: 'DatabaseRestApi',
  dataset: 'DatasetRestApi',
  saved_query: 'SavedQueryRestApi',
  query: 'QueryRestApi',
  sqllab: 'SqlLabRestApi',
  report: 'ReportScheduleRestApi',
  tag: 'TagRestApi',
  log: 'LogRestApi',
  security: 'SecurityRestApi',
  me: 'CurrentUserRestApi',
  explore: 'ExploreRestApi',
  assets: 'ImportExportRestApi',
  async_event: 'AsyncEventsRestApi',
};

const pascal = (segment: string): string =>
  segment
    .split(/[_-]/)
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

const isParam = (segment: string): boolean => segment.startsWith(':') || segment === '*';

/**
 * `<Api>.<method>` for a route pattern as Fastify registered it (`/api/v1/chart/:id`), or null for
 * routes outside /api/v1/. The collection is get_list / post / bulk_delete, an item get / put / delete,
 * and any other route is named by its last fixed segment (`favorite_status`, `related`, `data`).
 */
export function apiActionName(method: string, routePattern: string): string | null {
  const match = /^\/api\/v1\/([^/]+)(\/.*)?$/.exec(routePattern);
  if (!match?.[1]) return null;
  const resource = match[1];
  const api = API_CLASSES[resource] ?? `${pascal(resource)}RestApi`;
  const rest = (match[2] ?? '/').split('/').filter((segment) => segment !== '');
  const verb = method.toUpperCase();
  if (rest.length === 0) {
    if (verb === 'GET') return `${api}.get_list`;
    if (verb === 'DELETE') return `${api}.bulk_delete`;
    return `${api}.${verb.toLowerCase()}`;
  }
  if (rest.length === 1 && rest[0] !== undefined && isParam(rest[0])) return `${api}.${verb.toLowerCase()}`;
  const named = [...rest].reverse().find((segment) => !isParam(segment)) ?? verb.toLowerCase();
  return `${api}.${named.replace(/^_/, '').replace(/[^A-Za-z0-9_]/g, '_')}`;
}
