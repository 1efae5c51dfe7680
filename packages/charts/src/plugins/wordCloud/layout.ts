/**
 * A word-cloud layout: words, largest first, walk an Archimedean spiral out from the centre until their
 * box overlaps no placed box; words that find no room inside the area are left out.
 */

export interface Word {
  text: string;
  size: number;
  color: string;
}

export interface PlacedWord extends Word {
  /** Centre of the word. */
  x: number;
  y: number;
  rotate: 0 | 90;
  width: number;
  height: number;
}

export type Measure = (text: string, size: number) => { width: number; height: number };
export type RotationMode = 'flat' | 'square' | 'random';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Deterministic pseudo-random rotation from the word, so re-renders keep the same layout. */
function rotationFor(text: string, mode: RotationMode, index: number): 0 | 90 {
  if (mode === 'flat') return 0;
  if (mode === 'square') return index % 3 === 2 ? 90 : 0;
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(hash) % 2 === 0 ? 0 : 90;
}

export function layoutWords(
  words: readonly Word[],
  width: number,
  height: number,
  measure: Measure,
  mode: RotationMode,
  padding = 2,
): PlacedWord[] {
  const placed: PlacedWord[] = [];
  const boxes: Box[] = [];
  const sorted = [...words].sort((a, b) => b.size - a.size);
  const maxRadius = Math.hypot(width, height) / 2;
  const aspect = width / Math.max(1, height);
  sorted.forEach((word, index) => {
    const rotate = rotationFor(word.text, mode, index);
    const measured = measure(word.text, word.size);
    const w = (rotate === 90 ? measured.height : measured.width) + padding * 2;
    const h = (rotate === 90 ? measured.width : measured.height) + padding * 2;
    if (w > width || h > height) return;
    for (let t = 0; ; t += 0.1) {
      const radius = 2 * t;
      if (radius > maxRadius) return;
      const x = width / 2 + radius * Math.cos(t) * aspect;
      const y = height / 2 + radius * Math.sin(t);
      const box = { left: x - w / 2, top: y - h / 2, right: x + w / 2, bottom: y + h / 2 };
      if (box.left < 0 || box.top < 0 || box.right > width || box.bottom > height) continue;
      if (boxes.some((other) => overlaps(box, other))) continue;
      boxes.push(box);
      placed.push({ ...word, x, y, rotate, width: measured.width, height: measured.height });
      return;
    }
  });
  return placed;
}
