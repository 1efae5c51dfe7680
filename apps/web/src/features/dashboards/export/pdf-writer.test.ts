import { describe, expect, it } from 'vitest';
import { A4_LANDSCAPE, planPageSpans, writePdf } from './pdf-writer';

const fakeJpeg = (marker: number) => new Uint8Array([0xff, 0xd8, marker, 0x00, 0xff, 0xd9]);

function latin1(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => String.fromCharCode(b)).join('');
}

describe('writePdf', () => {
  it('writes one page object and one DCTDecode image per page with a valid xref', () => {
    const page = { pixelWidth: 200, pixelHeight: 100, ...A4_LANDSCAPE };
    const bytes = writePdf([
      { ...page, jpeg: fakeJpeg(1) },
      { ...page, height: 1200, jpeg: fakeJpeg(2) },
    ]);
    const text = latin1(bytes);
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('/Count 2');
    expect(text.match(/\/Type \/Page /g)).toHaveLength(2);
    expect(text.match(/\/Filter \/DCTDecode/g)).toHaveLength(2);
    expect(text).toContain('/MediaBox [0 0 841.89 1200]');

    // Every xref entry points at the start of its object.
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const entries = text
      .slice(startxref)
      .split('\n')
      .slice(3, 3 + 7);
    entries.forEach((entry, index) => {
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset).startsWith(`${String(index + 1)} 0 obj`)).toBe(true);
    });

    // The image stream holds the JPEG bytes untouched, and its /Length says so.
    const at = text.indexOf('stream\n\xff\xd8\x01');
    expect(at).toBeGreaterThan(0);
    expect(text).toMatch(/\/Length 6 >>\nstream/);
  });

  it('refuses an empty document', () => {
    expect(() => writePdf([])).toThrow();
  });
});

describe('planPageSpans', () => {
  it('cuts only at block boundaries', () => {
    const blocks = [
      { top: 0, bottom: 400 },
      { top: 410, bottom: 800 },
      { top: 810, bottom: 1200 },
    ];
    expect(planPageSpans(blocks, 850, 1200)).toEqual([
      [0, 800],
      [800, 1200],
    ]);
  });
  it('gives a block taller than a page its own page', () => {
    expect(
      planPageSpans(
        [
          { top: 0, bottom: 100 },
          { top: 100, bottom: 2000 },
        ],
        500,
        2000,
      ),
    ).toEqual([
      [0, 100],
      [100, 2000],
    ]);
  });
  it('keeps side-by-side blocks together', () => {
    const blocks = [
      { top: 0, bottom: 300 },
      { top: 0, bottom: 350 },
      { top: 360, bottom: 600 },
    ];
    expect(planPageSpans(blocks, 400, 600)).toEqual([
      [0, 350],
      [350, 600],
    ]);
  });
  it('never cuts between a block and one beside it that reaches lower', () => {
    const blocks = [
      { top: 0, bottom: 300 },
      { top: 0, bottom: 500 },
      { top: 510, bottom: 700 },
    ];
    expect(planPageSpans(blocks, 400, 700)).toEqual([
      [0, 500],
      [500, 700],
    ]);
  });
  it('keeps a tab title with the content after it', () => {
    const blocks = [
      { top: 0, bottom: 300 },
      { top: 310, bottom: 340, keepWithNext: true },
      { top: 350, bottom: 650 },
    ];
    expect(planPageSpans(blocks, 400, 650)).toEqual([
      [0, 300],
      [300, 650],
    ]);
  });
});
