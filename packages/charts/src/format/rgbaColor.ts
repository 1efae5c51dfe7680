import { asNumber, isRecord } from '../query/values';

/** A fixed colour as Superset stores it in form data (`color_picker`): channels 0–255, alpha 0–1. */
export interface RgbaColor {
  r: number;
  g: number;
  b: number;
  a: number;
}

const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));

/** The stored colour, channels clamped to their range; missing channels take the fallback's. */
export function rgbaColorOf(value: unknown, fallback: RgbaColor): RgbaColor {
  if (!isRecord(value)) return fallback;
  return {
    r: Math.round(clamp(asNumber(value.r, fallback.r), 255)),
    g: Math.round(clamp(asNumber(value.g, fallback.g), 255)),
    b: Math.round(clamp(asNumber(value.b, fallback.b), 255)),
    a: clamp(asNumber(value.a, fallback.a), 1),
  };
}

/** The CSS `rgba(...)` of a stored colour. */
export function rgbaCss(color: RgbaColor): string {
  return `rgba(${String(color.r)}, ${String(color.g)}, ${String(color.b)}, ${String(color.a)})`;
}
