import type { Page } from 'playwright-core';
import { RenderError } from './render-error';

/** Pages the app shows instead of the content; each ends the render with its code. */
const FAILURE_MARKERS: [
  selector: string,
  code: 'NOT_FOUND' | 'FORBIDDEN' | 'LOAD_FAILED',
  message: string,
][] = [
  ['[data-test="dashboard-not-found"]', 'NOT_FOUND', 'The dashboard does not exist'],
  ['[data-test="dashboard-forbidden"]', 'FORBIDDEN', 'The user may not see this dashboard'],
  ['[data-test="dashboard-load-error"]', 'LOAD_FAILED', 'The dashboard could not be loaded'],
  ['[data-test="explore-load-error"]', 'LOAD_FAILED', 'The chart could not be loaded'],
];

export interface ReadyCondition {
  /** The element whose presence means the content is on screen. */
  root: string;
  /** Elements that must be gone first (the interactive tab strip while tabs are being stacked). */
  absent?: string[];
}

const POLL_MS = 200;

/*
 * The scripts below run in the page. They are source text because the server is compiled without the
 * DOM's types; each is a single expression, and the arguments are embedded as JSON.
 */

/** Truthy ('ready', 'signed-out' or a failure selector) once the page has settled one way or another. */
function readinessProbe(condition: ReadyCondition, failures: string[]): string {
  const args = JSON.stringify({ root: condition.root, absent: condition.absent ?? [], failures });
  return `(() => {
    const { root, absent, failures } = ${args};
    if (window.location.pathname.startsWith('/login')) return 'signed-out';
    for (const selector of failures) if (document.querySelector(selector) !== null) return selector;
    if (document.querySelector(root) === null) return false;
    if (absent.some((selector) => document.querySelector(selector) !== null)) return false;
    // Holders in hidden tab panes (a tab shown first, then left) never paint: only visible ones count.
    const holders = [...document.querySelectorAll('[data-chart-status]')].filter((holder) => holder.getClientRects().length > 0);
    const settled = holders.every((holder) => ['rendered', 'failed'].includes(holder.dataset.chartStatus));
    // Dashboard markdown blocks draw once the code that renders markdown has loaded.
    const markdownLoading = document.querySelector('[data-markdown-status="loading"]') !== null;
    return settled && !markdownLoading ? 'ready' : false;
  })()`;
}

/** Web fonts loaded, then two animation frames so the last chart's paint is on screen. */
const SETTLE_SCRIPT = `(async () => {
  await document.fonts.ready;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
})()`;

/**
 * Waits until `root` is shown, every chart holder inside the page says `data-chart-status`
 * rendered or failed (charts set it only after paint) and no markdown block is still loading, then for web fonts and two frames. A page the
 * app answers with not-found, forbidden, an error or the login form ends with a RenderError. The
 * caller's hard timeout bounds the wait.
 */
export async function waitUntilReady(page: Page, condition: ReadyCondition): Promise<void> {
  const failureSelectors = FAILURE_MARKERS.map(([selector]) => selector);
  const probe = readinessProbe(condition, failureSelectors);
  // Polled from here with page.evaluate (the DevTools protocol), not waitForFunction: that one compiles
  // the probe inside the page, which the app's Content-Security-Policy (no unsafe-eval) forbids.
  let outcome: unknown = false;
  for (;;) {
    outcome = await page.evaluate(probe);
    if (outcome !== false) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  if (outcome === 'signed-out')
    throw new RenderError('The renderer could not sign in as the user', 'SIGNED_OUT');
  const failure = FAILURE_MARKERS.find(([selector]) => selector === outcome);
  if (failure !== undefined) throw new RenderError(failure[2], failure[1]);
  await page.evaluate(SETTLE_SCRIPT);
}
