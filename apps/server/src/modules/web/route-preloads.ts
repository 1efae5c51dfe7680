import { CHART_MODULES } from '@tessera/charts/chart-modules';
import { z } from 'zod';

/** The part of Vite's build manifest (dist/.vite/manifest.json) the preloads need. */
const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), imports: z.array(z.string()).optional(), isEntry: z.boolean().optional() }),
);
export type WebManifest = z.infer<typeof manifestSchema>;

/** The app's shell and the screens people open straight from a link, by their source in the manifest. */
const SHELL = 'src/app/shell/AppShell.tsx';
const LINKED_PAGES: readonly { path: RegExp; source: string }[] = [
  {
    path: /^\/superset\/dashboard\/p\/[^/]+\/?$/,
    source: 'src/features/dashboards/page/DashboardPermalinkPage.tsx',
  },
  { path: /^\/superset\/dashboard\/[^/]+\/?$/, source: 'src/features/dashboards/page/DashboardPage.tsx' },
  { path: /^\/(superset\/)?explore\/?$/, source: 'src/features/explore/page/ExplorePage.tsx' },
];

/** The manifest's JSON, or null when it is missing its shape (then no page gets preloads). */
export function parseWebManifest(text: string): WebManifest | null {
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function closure(manifest: WebManifest, key: string, into: Set<string>): Set<string> {
  const chunk: WebManifest[string] | undefined = manifest[key];
  if (into.has(key) || chunk === undefined) return into;
  into.add(key);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * The JS files (as /assets/… URLs) of the shell and of the page the app will render at `pathname`,
 * less the entry's own (index.html lists those already). Listed as modulepreload links in the HTML,
 * they download while the entry's code starts up, instead of after it asked for them: one round trip
 * and the entry's start-up time less before the page can ask for its data. Empty for any other path.
 */
export function routePreloads(manifest: WebManifest, pathname: string): string[] {
  const page = LINKED_PAGES.find((linked) => linked.path.test(pathname));
  if (page === undefined || manifest[page.source] === undefined) return [];
  return chunkFiles(manifest, [SHELL, page.source]);
}

/**
 * The shell's and linked pages' sources the manifest does not list as chunks of their own: a page that
 * some other module imports statically is folded into a shared chunk, and its route then gets no
 * preloads at all. The server warns at start-up, so the loss shows up before someone measures it.
 */
export function missingPreloadSources(manifest: WebManifest): string[] {
  return [SHELL, ...LINKED_PAGES.map((page) => page.source)].filter(
    (source) => manifest[source] === undefined,
  );
}

/** How the web build's manifest names a file of packages/charts/src (its sources sit two levels up). */
const CHARTS_SOURCE = '../../packages/charts/src/';

/**
 * The JS files of the renderers of `vizTypes` (by @tessera/charts' CHART_MODULES) with what they import,
 * less the entry's own. On a dashboard page they download alongside the page's code, instead of after the
 * app has read the chart list and asked for them. Unknown viz types add nothing.
 */
export function chartCodePreloads(manifest: WebManifest, vizTypes: readonly string[]): string[] {
  return chunkFiles(
    manifest,
    vizTypes.flatMap((vizType) => {
      const module = CHART_MODULES[vizType];
      return module === undefined ? [] : [`${CHARTS_SOURCE}${module}`];
    }),
  );
}

/** The /assets/… URLs of the JS of `sources` and of what they import, less what the entry loads anyway. */
function chunkFiles(manifest: WebManifest, sources: readonly string[]): string[] {
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.isEntry === true) closure(manifest, key, entry);
  const wanted = new Set<string>();
  for (const source of sources) closure(manifest, source, wanted);
  return [...wanted]
    .filter((key) => !entry.has(key))
    .map((key) => `/${manifest[key]?.file ?? ''}`)
    .filter((href) => href.endsWith('.js'));
}

/** The `<link rel="modulepreload">` elements for `hrefs`. */
export function modulePreloadLinks(hrefs: readonly string[]): string {
  return hrefs.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
}

/** The dashboard page's path (not a permalink's), with the id or slug it names. */
const DASHBOARD_PAGE = /^\/superset\/dashboard\/(?!p\/)([^/]+)\/?$/;

/** The id or slug a dashboard page's path names, else null. */
export function dashboardPageRef(pathname: string): string | null {
  const ref = DASHBOARD_PAGE.exec(pathname)?.[1];
  if (ref === undefined) return null;
  try {
    return decodeURIComponent(ref);
  } catch {
    return null;
  }
}

/**
 * `<link rel="preload" as="fetch">` elements for API reads the page will make. `crossorigin` (anonymous)
 * is what makes a same-origin preload match the app's fetch (credentials 'same-origin'): without it
 * Chromium fetches twice. Hrefs are paths the server built, escaped for the attribute all the same.
 */
export function fetchPreloadLinks(hrefs: readonly string[]): string {
  return hrefs
    .map(
      (href) =>
        `<link rel="preload" as="fetch" crossorigin href="${href.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`,
    )
    .join('');
}
