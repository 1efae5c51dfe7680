/**
 * A minimal PDF 1.4 writer: one JPEG image per page, embedded as a DCTDecode XObject and drawn to fill
 * the page. Enough for a dashboard export without a PDF library in the bundle.
 */

export interface PdfPage {
  /** The JPEG file's bytes. */
  jpeg: Uint8Array;
  /** Pixel size of the JPEG. */
  pixelWidth: number;
  pixelHeight: number;
  /** Page size in PDF points (1/72 in). */
  width: number;
  height: number;
}

/** A4 landscape in points. */
export const A4_LANDSCAPE = { width: 841.89, height: 595.28 } as const;

const encoder = new TextEncoder();

function num(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** Builds the PDF file: catalog, page tree, then per page its object, content stream and image. */
export function writePdf(pages: readonly PdfPage[]): Uint8Array<ArrayBuffer> {
  if (pages.length === 0) throw new Error('A PDF needs at least one page');
  const chunks: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    chunks.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, body: () => void) => {
    offsets[id] = length;
    push(`${String(id)} 0 obj\n`);
    body();
    push('\nendobj\n');
  };

  // Objects: 1 catalog, 2 pages, then three per page (page, content, image).
  const pageId = (index: number) => 3 + index * 3;
  push('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n');
  object(1, () => push('<< /Type /Catalog /Pages 2 0 R >>'));
  const kids = pages.map((_, index) => `${String(pageId(index))} 0 R`).join(' ');
  object(2, () => push(`<< /Type /Pages /Kids [${kids}] /Count ${String(pages.length)} >>`));
  pages.forEach((page, index) => {
    const id = pageId(index);
    const box = `[0 0 ${num(page.width)} ${num(page.height)}]`;
    object(id, () =>
      push(
        `<< /Type /Page /Parent 2 0 R /MediaBox ${box} /Resources << /XObject << /Im0 ${String(id + 2)} 0 R >> >> /Contents ${String(id + 1)} 0 R >>`,
      ),
    );
    const content = `q ${num(page.width)} 0 0 ${num(page.height)} 0 0 cm /Im0 Do Q`;
    object(id + 1, () =>
      push(`<< /Length ${String(encoder.encode(content).length)} >>\nstream\n${content}\nendstream`),
    );
    object(id + 2, () => {
      push(
        `<< /Type /XObject /Subtype /Image /Width ${String(page.pixelWidth)} /Height ${String(page.pixelHeight)} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${String(page.jpeg.length)} >>\nstream\n`,
      );
      push(page.jpeg);
      push('\nendstream');
    });
  });

  const count = 3 + pages.length * 3;
  const xref = length;
  push(`xref\n0 ${String(count)}\n0000000000 65535 f \n`);
  for (let id = 1; id < count; id += 1) push(`${String(offsets[id] ?? 0).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${String(count)} /Root 1 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`);

  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** A component box in the capture's pixels; a title keeps with what follows it. */
export interface PageBlock {
  top: number;
  bottom: number;
  /** Tab and section titles: never the last thing on a page. */
  keepWithNext?: boolean;
}

/**
 * Where to cut a tall capture into pages. A cut lies on a block's bottom that no other block spans
 * (side-by-side charts of different heights are not split) and never right after a title. Each page
 * takes as many blocks as fit; a block taller than a page gets a page of its own, which then follows
 * the block's height. Returns [top, bottom] spans in the capture's pixels.
 */
export function planPageSpans(
  blocks: readonly PageBlock[],
  pageHeight: number,
  totalHeight: number,
): [number, number][] {
  const sorted = [...blocks].sort((a, b) => a.top - b.top);
  // A title reaches just past the top of the next block below it, so no cut falls between them.
  const held = sorted.map((block) => {
    if (block.keepWithNext !== true) return block;
    const next = sorted.find((other) => other !== block && other.top >= block.bottom);
    return next === undefined ? block : { top: block.top, bottom: Math.max(block.bottom, next.top + 1) };
  });
  const cuts = [...new Set(sorted.map((block) => block.bottom))]
    .filter((y) => y > 0 && y < totalHeight && held.every((b) => !(b.top < y && y < b.bottom)))
    .sort((a, b) => a - b);
  const spans: [number, number][] = [];
  let start = 0;
  while (totalHeight - start > pageHeight) {
    const fitting = cuts.filter((cut) => cut > start && cut - start <= pageHeight);
    const cut = fitting.at(-1) ?? cuts.find((c) => c > start);
    if (cut === undefined) break;
    spans.push([start, cut]);
    start = cut;
  }
  if (totalHeight > start) spans.push([start, totalHeight]);
  return spans;
}
