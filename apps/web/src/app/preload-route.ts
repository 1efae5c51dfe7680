import { matchPath } from 'react-router';
import { DASHBOARD_PERMALINK_ROUTE, DASHBOARD_ROUTE } from '../features/dashboards/paths';
import { EXPLORE_PATH } from '../features/explore/paths';
import type { PreloadableComponent } from '../shared/lazy/lazy-component';
import { AppShell, DashboardPage, DashboardPermalinkPage, ExplorePage } from './lazy-pages';

/**
 * The heavy screens people open straight from a link (shared dashboards, charts). Their chunk otherwise
 * starts downloading only after the shell's chunk has loaded and rendered: one round trip after another.
 */
const LINKED_PAGES: readonly [string, PreloadableComponent<object>][] = [
  [DASHBOARD_PERMALINK_ROUTE, DashboardPermalinkPage],
  [DASHBOARD_ROUTE, DashboardPage],
  [EXPLORE_PATH, ExplorePage],
  ['/superset/explore/', ExplorePage],
];

/**
 * Starts downloading, side by side, the shell and the page the router is about to render for
 * `pathname`, for a signed-in user (anyone else is sent to the login page, which needs neither).
 * Resolves once both have downloaded (loaded or not), at once when there is nothing to preload.
 */
export async function preloadRoute(pathname: string, signedIn: boolean): Promise<void> {
  if (!signedIn || matchPath('/login/', pathname) !== null) return;
  const page = LINKED_PAGES.find(([pattern]) => matchPath(pattern, pathname) !== null)?.[1];
  await Promise.all([AppShell.preload(), page?.preload()]);
}
