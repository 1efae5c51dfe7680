/** Dashboard routes at Superset's paths (spec 001 §2 'Dashboard'), so bookmarks and links carry over. */
export const DASHBOARD_LIST_PATH = '/dashboard/list/';
/** Creates an untitled dashboard and opens it in edit mode. */
export const DASHBOARD_NEW_PATH = '/dashboard/new/';
export const DASHBOARD_ROUTE = '/superset/dashboard/:idOrSlug/';
export const DASHBOARD_PERMALINK_ROUTE = '/superset/dashboard/p/:key/';

/** A dashboard's page: by slug when it has one (the URL switches to the slug after a save), else by id. */
export function dashboardPath(dashboard: { id: number; slug?: string | null }): string {
  const key =
    dashboard.slug !== undefined && dashboard.slug !== null && dashboard.slug !== ''
      ? dashboard.slug
      : String(dashboard.id);
  return `/superset/dashboard/${encodeURIComponent(key)}/`;
}

/** A dashboard's page in edit mode, where its layout and properties change. */
export function dashboardEditPath(dashboard: { id: number; slug?: string | null }): string {
  return `${dashboardPath(dashboard)}?edit=true`;
}

export function dashboardPermalinkPath(key: string): string {
  return `/superset/dashboard/p/${encodeURIComponent(key)}/`;
}
