import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

/** Channels per pixel by PNG colour type (grey, RGB, grey+alpha, RGBA; palettes are not needed here). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * The standard deviation of the first channel (red, or grey) over an 8-bit non-interlaced PNG: near
 * zero for a blank or single-colour picture. Enough to tell a real export from an empty one.
 */
export function pngSpread(file: string): number {
  const bytes = readFileSync(file);
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[12] !== 0) throw new Error('only 8-bit non-interlaced PNGs');
      channels = CHANNELS[body[9] ?? -1] ?? 0;
      if (channels === 0) throw new Error(`unsupported PNG colour type ${String(body[9])}`);
    } else if (type === 'IDAT') idat.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  let previous = new Uint8Array(stride);
  let sum = 0;
  let squares = 0;
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)] ?? 0;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const current = new Uint8Array(stride);
    for (let x = 0; x < stride; x += 1) {
      const left = x >= channels ? (current[x - channels] ?? 0) : 0;
      const up = previous[x] ?? 0;
      const upLeft = x >= channels ? (previous[x - channels] ?? 0) : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter] ?? 0;
      current[x] = ((line[x] ?? 0) + predictor) & 255;
    }
    for (let x = 0; x < stride; x += channels) {
      const value = current[x] ?? 0;
      sum += value;
      squares += value * value;
    }
    previous = current;
  }
  const n = width * height;
  const mean = sum / n;
  return Math.sqrt(Math.max(0, squares / n - mean * mean));
}
