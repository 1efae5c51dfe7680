import { toCanvas } from 'html-to-image';
import { saveBlob } from '../../../shared/api/download-file';
import { safeFileName } from '../../../shared/files/download-names';
import { A4_LANDSCAPE, planPageSpans, writePdf, type PageBlock, type PdfPage } from './pdf-writer';

const SETTLED = new Set(['rendered', 'failed']);
const POLL_MS = 200;
/** A chart that never settles must not hold the export forever: it is captured as it is. */
const MAX_WAIT_MS = 120_000;
const JPEG_QUALITY = 0.92;
const BLANK_PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

function frame(ms: number): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, ms);
  });
}

/** Waits until every chart holder inside `root` reports rendered (or failed) and markdown has drawn, then a pause. */
export async function waitForCharts(root: HTMLElement): Promise<void> {
  const started = Date.now();
  for (;;) {
    const holders = [...root.querySelectorAll<HTMLElement>('[data-test="dashboard-chart"]')];
    const pending = holders.filter((h) => !SETTLED.has(h.dataset.chartStatus ?? ''));
    // Markdown blocks draw once their renderer's code has loaded.
    const markdownLoading = root.querySelector('[data-markdown-status="loading"]') !== null;
    if ((pending.length === 0 && !markdownLoading) || Date.now() - started > MAX_WAIT_MS) break;
    await frame(POLL_MS);
  }
  // Lets ECharts finish its first paint after the status flips.
  await frame(POLL_MS);
}

async function capture(root: HTMLElement, background: string): Promise<HTMLCanvasElement> {
  return toCanvas(root, {
    backgroundColor: background,
    pixelRatio: Math.min(window.devicePixelRatio || 1, 2),
    cacheBust: true,
    // A broken image in a markdown component must not fail the whole export.
    imagePlaceholder: BLANK_PIXEL,
    // The export menus themselves are not part of the picture.
    filter: (node) => !(node instanceof HTMLElement && node.dataset.exportSkip === 'true'),
  });
}

function canvasBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob | null> {
  return new Promise((resolve) => {
    canvas.toBlob(resolve, type, quality);
  });
}

/** The whole dashboard as a PNG. False when the browser could not produce the image. */
export async function downloadDashboardImage(root: HTMLElement, title: string, background: string) {
  await waitForCharts(root);
  const canvas = await capture(root, background);
  const blob = await canvasBlob(canvas, 'image/png');
  if (blob === null) return false;
  saveBlob(blob, `${safeFileName(title)}.png`);
  return true;
}

/** Titles a page must not end with: a tab's title (stacked for export) and header components. */
const TITLE_SELECTOR = '[data-test="grid-header"], [data-test="dashboard-export-tab"] > h4';

/** The component boxes a page may end after, in the root's CSS pixels. */
function blockBoxes(root: HTMLElement): PageBlock[] {
  const origin = root.getBoundingClientRect().top;
  const selector = `[data-test="dashboard-chart"], [data-test="dashboard-markdown"], [data-test="grid-divider"], [data-test="dashboard-header"], ${TITLE_SELECTOR}`;
  return [...root.querySelectorAll<HTMLElement>(selector)].map((node) => {
    const box = node.getBoundingClientRect();
    return { top: box.top - origin, bottom: box.bottom - origin, keepWithNext: node.matches(TITLE_SELECTOR) };
  });
}

/**
 * The dashboard as a PDF of A4-landscape-wide pages: the capture is cut on component boundaries so
 * no chart is split; a page is as tall as its slice (about A4 landscape, taller for a tall chart).
 */
export async function downloadDashboardPdf(root: HTMLElement, title: string, background: string) {
  await waitForCharts(root);
  const cssWidth = root.getBoundingClientRect().width;
  const blocks = blockBoxes(root);
  const canvas = await capture(root, background);
  const scale = canvas.width / cssWidth;
  const pageCss = (cssWidth * A4_LANDSCAPE.height) / A4_LANDSCAPE.width;
  const spans = planPageSpans(blocks, pageCss, canvas.height / scale);
  const points = A4_LANDSCAPE.width / cssWidth;
  const pages: PdfPage[] = [];
  for (const [top, bottom] of spans) {
    const slice = document.createElement('canvas');
    slice.width = canvas.width;
    slice.height = Math.max(1, Math.round((bottom - top) * scale));
    const context = slice.getContext('2d');
    if (context === null) return false;
    context.fillStyle = background;
    context.fillRect(0, 0, slice.width, slice.height);
    context.drawImage(canvas, 0, -Math.round(top * scale));
    const blob = await canvasBlob(slice, 'image/jpeg', JPEG_QUALITY);
    if (blob === null) return false;
    pages.push({
      jpeg: new Uint8Array(await blob.arrayBuffer()),
      pixelWidth: slice.width,
      pixelHeight: slice.height,
      width: A4_LANDSCAPE.width,
      height: (bottom - top) * points,
    });
  }
  const bytes = writePdf(pages);
  saveBlob(new Blob([bytes], { type: 'application/pdf' }), `${safeFileName(title)}.pdf`);
  return true;
}
