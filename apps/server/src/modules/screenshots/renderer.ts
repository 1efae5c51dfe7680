import type { BrowserContextOptions, Page } from 'playwright-core';
import type { MetadataDb } from '../../db/kysely';
import type { Config } from '../../platform/config';
import { openRenderSession, SESSION_COOKIE } from '../security/render-sessions.service';
import { BrowserPool, type PoolStats } from './browser-pool';
import { waitUntilReady } from './page-readiness';

/** Reference §10's custom_width bounds; the default is the app's usual desktop width. */
export const MIN_RENDER_WIDTH = 600;
export const MAX_RENDER_WIDTH = 2400;
export const DEFAULT_RENDER_WIDTH = 1600;
const CHART_HEIGHT = 600;
/** The first viewport height of a dashboard; the capture itself is full height. */
const DASHBOARD_VIEWPORT_HEIGHT = 1200;
/** Canvas charts are bitmaps inside a PDF: drawn at twice the resolution they stay sharp when printed. */
const PDF_SCALE = 2;
/** Page height over width of A4 landscape, the same pages as the web app's PDF export. */
const PAGE_RATIO = 210 / 297;
const PAGE_MARGIN_PX = 24;
/** Room above a block for the tab or header title kept with it. */
const TITLE_ROOM_PX = 64;

/** The height of the tallest block the print must not cut (CSS px), measured in the page. */
const TALLEST_BLOCK_SCRIPT = `Math.max(0, ...[...document.querySelectorAll(
  '[data-test="grid-row"], [data-test="dashboard-chart"], [data-test="dashboard-markdown"]'
)].map((node) => node.getBoundingClientRect().height))`;

/**
 * Print rules for a dashboard PDF: a chart, markdown, header or divider (or a row of them) is moved
 * whole to the next page rather than cut, a title stays with what follows it, and every stacked tab
 * starts a page of its own. The space below the last block is removed, or it could spill onto a blank
 * last page.
 */
const PRINT_CSS = `
[data-test="dashboard-chart"], [data-test="dashboard-markdown"], [data-test="grid-divider"],
[data-test="grid-row"], [data-test="dashboard-header"] { break-inside: avoid; }
[data-test="grid-header"], [data-test="dashboard-export-tab"] > h4 { break-after: avoid; }
[data-test="dashboard-export-tab"] + [data-test="dashboard-export-tab"] { break-before: page; }
html, body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
[data-test="dashboard-page"] { padding-bottom: 0 !important; min-height: 0 !important; }
.ant-layout:has([data-test="dashboard-page"]) { min-height: 0 !important; }
.ant-layout-content:has(> [data-test="dashboard-page"]) { padding-bottom: 0 !important; }
`;

export interface RenderUser {
  /** The user the browser acts as: the pages show what this user may see. */
  userId: number;
}

export interface ChartRender extends RenderUser {
  chartId: number;
  /** custom_width; clamped to 600–2400. */
  width?: number | null;
  height?: number;
}

export interface DashboardRender extends RenderUser {
  /** Id or slug. */
  dashboard: number | string;
  width?: number | null;
  /** Every tab stacked under its title (default for PDF) or only the active tabs (default for PNG). */
  allTabs?: boolean;
  /** Regular URL parameters (charts' url_params) and reserved ones such as native_filters. */
  urlParams?: Record<string, string>;
  /**
   * A layout component id (`TAB-…`, `CHART-…`): the page opens the tabs holding it, as a `#anchor` link
   * does. With allTabs false this renders one chosen tab (a report's selected tab, one call per tab).
   */
  anchor?: string;
  /**
   * A report's selected tabs: only these, each whole under its title in this order (`print_tabs`), one
   * after the other in one document. Takes the place of allTabs when not empty.
   */
  tabs?: readonly string[];
}

export interface RendererOptions {
  db: MetadataDb;
  /** Where the browser reaches this app, e.g. http://127.0.0.1:8088. */
  baseUrl: string;
  pool: BrowserPool;
  timeoutMs: number;
}

/**
 * Pages are A4-landscape shaped, unless a block (a row of charts, a chart) is taller than that: then
 * every page is made tall enough to hold it, since a page break cannot move a block that fits no page.
 */
export function pdfPageHeight(width: number, tallestBlock: number): number {
  const a4 = Math.round(width * PAGE_RATIO);
  const needed = Number.isFinite(tallestBlock)
    ? Math.ceil(tallestBlock) + TITLE_ROOM_PX + 2 * PAGE_MARGIN_PX
    : 0;
  return Math.max(a4, needed);
}

export function clampWidth(width: number | null | undefined): number {
  if (width === null || width === undefined || !Number.isFinite(width)) return DEFAULT_RENDER_WIDTH;
  return Math.min(MAX_RENDER_WIDTH, Math.max(MIN_RENDER_WIDTH, Math.round(width)));
}

/** Where the browser finds the app: the setting, else the listen address (a wildcard one as loopback). */
export function renderBaseUrl(config: Pick<Config, 'render' | 'host' | 'port'>): string {
  if (config.render.baseUrl !== null) return config.render.baseUrl.replace(/\/+$/, '');
  const wildcard = config.host === '0.0.0.0' || config.host === '::' || config.host === '';
  const host = wildcard ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${String(config.port)}`;
}

/**
 * Renders charts and dashboards to PNG and PDF in headless Chromium, acting as a given user. Every render
 * has its own browser context holding a session cookie minted for it and deleted after it.
 */
export class Renderer {
  constructor(private readonly options: RendererOptions) {}

  stats(): PoolStats {
    return this.options.pool.snapshot();
  }

  private async asUser<T>(
    user: RenderUser,
    contextOptions: BrowserContextOptions,
    work: (page: Page) => Promise<T>,
  ): Promise<T> {
    const { db, baseUrl, pool, timeoutMs } = this.options;
    // Outlives the hard timeout by a little: the render is closed by then, and the row deleted anyway.
    const session = await openRenderSession(db, user.userId, Math.ceil(timeoutMs / 1000) + 60);
    try {
      return await pool.withPage(contextOptions, timeoutMs, async (page, context) => {
        const url = new URL(baseUrl);
        await context.addCookies([
          {
            name: SESSION_COOKIE,
            value: session.token,
            domain: url.hostname,
            path: '/',
            httpOnly: true,
            secure: url.protocol === 'https:',
            sameSite: 'Lax',
            expires: Math.floor(session.expires.getTime() / 1000),
          },
        ]);
        return work(page);
      });
    } finally {
      await session.end();
    }
  }

  private url(path: string, params: Record<string, string>): string {
    const url = new URL(path, `${this.options.baseUrl}/`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.href;
  }

  private dashboardUrl(request: DashboardRender, allTabs: boolean): string {
    const params: Record<string, string> = { ...request.urlParams, standalone: '3' };
    if (request.tabs !== undefined && request.tabs.length > 0)
      params.print_tabs = JSON.stringify(request.tabs);
    else if (allTabs) params.print_all_tabs = '1';
    const url = this.url(`/superset/dashboard/${encodeURIComponent(String(request.dashboard))}/`, params);
    return request.anchor === undefined ? url : `${url}#${encodeURIComponent(request.anchor)}`;
  }

  private async openDashboard(page: Page, request: DashboardRender, allTabs: boolean): Promise<void> {
    await page.goto(this.dashboardUrl(request, allTabs), { waitUntil: 'domcontentloaded' });
    const stacked = allTabs || (request.tabs !== undefined && request.tabs.length > 0);
    await waitUntilReady(page, {
      root: '[data-test="dashboard-page"]',
      // With tabs printed in turn, the interactive tab strip must have given way to the stacked tabs.
      absent: stacked ? ['[data-test="dashboard-tabs"]'] : [],
    });
  }

  /** A saved chart as Explore's standalone view shows it, as PNG. */
  renderChartPng(request: ChartRender): Promise<Buffer> {
    const width = clampWidth(request.width);
    const height = request.height ?? CHART_HEIGHT;
    return this.asUser(request, { viewport: { width, height } }, async (page) => {
      await page.goto(this.url('/explore/', { slice_id: String(request.chartId), standalone: '1' }), {
        waitUntil: 'domcontentloaded',
      });
      await waitUntilReady(page, { root: '[data-test="chart-container"]' });
      return page.screenshot({ type: 'png', fullPage: false });
    });
  }

  /** The dashboard in report mode, full height, as PNG. */
  renderDashboardPng(request: DashboardRender): Promise<Buffer> {
    const width = clampWidth(request.width);
    return this.asUser(request, { viewport: { width, height: DASHBOARD_VIEWPORT_HEIGHT } }, async (page) => {
      await this.openDashboard(page, request, request.allTabs ?? false);
      return page.screenshot({ type: 'png', fullPage: true });
    });
  }

  /**
   * The dashboard in report mode as a PDF printed by Chromium: text stays text (vector), the selected
   * tabs (or every tab, unless allTabs is false) are printed in turn, each from a new page, and charts
   * are moved to the next page rather than cut.
   */
  renderDashboardPdf(request: DashboardRender): Promise<Buffer> {
    const width = clampWidth(request.width);
    return this.asUser(
      request,
      { viewport: { width, height: DASHBOARD_VIEWPORT_HEIGHT }, deviceScaleFactor: PDF_SCALE },
      async (page) => {
        await this.openDashboard(page, request, request.allTabs ?? true);
        await page.addStyleTag({ content: PRINT_CSS });
        // The print keeps the screen's look (antd has no print styles to switch to).
        await page.emulateMedia({ media: 'screen' });
        const tallest = Number(await page.evaluate(TALLEST_BLOCK_SCRIPT));
        return page.pdf({
          width: `${String(width)}px`,
          height: `${String(pdfPageHeight(width, tallest))}px`,
          printBackground: true,
          margin: {
            top: `${String(PAGE_MARGIN_PX)}px`,
            bottom: `${String(PAGE_MARGIN_PX)}px`,
            left: '0px',
            right: '0px',
          },
        });
      },
    );
  }

  close(): Promise<void> {
    return this.options.pool.close();
  }
}

/** The process's renderer from its settings (TESSERA_CHROMIUM_PATH, TESSERA_RENDER_*). */
export function createRenderer(
  deps: { config: Config; db: MetadataDb; log?: (message: string, fields: Record<string, unknown>) => void },
  overrides: { baseUrl?: string } = {},
): Renderer {
  const { render } = deps.config;
  const pool = new BrowserPool({
    executablePath: render.chromiumPath,
    concurrency: render.concurrency,
    recycleAfter: render.recycleAfter,
    maxRssMb: render.maxRssMb,
    ...(deps.log ? { log: deps.log } : {}),
  });
  return new Renderer({
    db: deps.db,
    baseUrl: overrides.baseUrl ?? renderBaseUrl(deps.config),
    pool,
    timeoutMs: render.timeoutSeconds * 1000,
  });
}
