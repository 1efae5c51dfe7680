/**
 * Colour schemes. Categorical schemes give each series label a stable colour (first seen, first colour);
 * sequential schemes map a 0..1 position to a colour. Unknown names fall back to the defaults
 * (spec 001 §5: unknown colour schemes fall back to 'supersetColors').
 */

export const DEFAULT_CATEGORICAL_SCHEME = 'supersetColors';
export const DEFAULT_SEQUENTIAL_SCHEME = 'superset_seq_1';

export const CATEGORICAL_SCHEMES: Readonly<Record<string, { label: string; colors: readonly string[] }>> = {
  supersetColors: {
    label: 'Superset Colors',
    colors: [
      '#1FA8C9',
      '#454E7C',
      '#5AC189',
      '#FF7F44',
      '#666666',
      '#E04355',
      '#FCC700',
      '#A868B7',
      '#3CCCCB',
      '#A38F79',
      '#8FD3E4',
      '#A1A6BD',
      '#ACE1C4',
      '#FEC0A1',
      '#B2B2B2',
      '#EFA1AA',
      '#FDE380',
      '#D3B3DA',
      '#9EE5E5',
      '#D1C6BC',
    ],
  },
  d3Category10: {
    label: 'D3 Category 10',
    colors: [
      '#1f77b4',
      '#ff7f0e',
      '#2ca02c',
      '#d62728',
      '#9467bd',
      '#8c564b',
      '#e377c2',
      '#7f7f7f',
      '#bcbd22',
      '#17becf',
    ],
  },
  echarts5Colors: {
    label: 'ECharts v5',
    colors: [
      '#5470c6',
      '#91cc75',
      '#fac858',
      '#ee6666',
      '#73c0de',
      '#3ba272',
      '#fc8452',
      '#9a60b4',
      '#ea7ccc',
    ],
  },
  presetColors: {
    label: 'Preset',
    colors: [
      '#6BD3B3',
      '#FCC550',
      '#408184',
      '#66CBE2',
      '#EE5B4F',
      '#00A5AA',
      '#FF9DA1',
      '#007EAC',
      '#C2D94B',
    ],
  },
  tesseraColors: {
    label: 'Tessera',
    colors: ['#2F6FDE', '#E8833A', '#3BA776', '#C94B6D', '#7A5CCB', '#D6B43A', '#2BA5B5', '#8C6A4F'],
  },
};

export const SEQUENTIAL_SCHEMES: Readonly<Record<string, { label: string; colors: readonly string[] }>> = {
  superset_seq_1: {
    label: 'Superset sequential 1',
    colors: ['#ecf7ed', '#86c994', '#32a14f', '#0e6b2b', '#033a13'],
  },
  superset_seq_2: {
    label: 'Superset sequential 2',
    colors: ['#fbe7d9', '#f7b48c', '#ef7f3e', '#c05213', '#6a2a04'],
  },
  blues: { label: 'Blues', colors: ['#eff3ff', '#9ecae1', '#4292c6', '#08519c', '#08306b'] },
  reds: { label: 'Reds', colors: ['#fff5f0', '#fcae91', '#fb6a4a', '#cb181d', '#67000d'] },
  purples: { label: 'Purples', colors: ['#fcfbfd', '#bcbddc', '#807dba', '#54278f', '#3f007d'] },
  blue_white_yellow: { label: 'Blue, white, yellow', colors: ['#00d1c1', '#ffffff', '#ffb400'] },
};

export function getCategoricalColors(name?: string | null): readonly string[] {
  const scheme =
    (name ? CATEGORICAL_SCHEMES[name] : undefined) ?? CATEGORICAL_SCHEMES[DEFAULT_CATEGORICAL_SCHEME];
  return scheme?.colors ?? [];
}

export function getSequentialColors(name?: string | null): readonly string[] {
  const scheme =
    (name ? SEQUENTIAL_SCHEMES[name] : undefined) ?? SEQUENTIAL_SCHEMES[DEFAULT_SEQUENTIAL_SCHEME];
  return scheme?.colors ?? [];
}

/** A label → colour function that keeps giving a label the colour it got first. */
export function categoricalColorScale(name?: string | null): (label: string) => string {
  const colors = getCategoricalColors(name);
  const assigned = new Map<string, string>();
  return (label) => {
    let color = assigned.get(label);
    if (color === undefined) {
      color = colors[assigned.size % colors.length] ?? '#666666';
      assigned.set(label, color);
    }
    return color;
  };
}

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Colour at position t (0..1, clamped) along a sequential scheme, linearly interpolated in RGB. */
export function sequentialColor(name: string | null | undefined, t: number): string {
  const colors = getSequentialColors(name);
  if (colors.length === 0) return '#666666';
  const clamped = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0));
  const position = clamped * (colors.length - 1);
  const lower = Math.floor(position);
  const upper = Math.min(colors.length - 1, lower + 1);
  const [r1, g1, b1] = parseHex(colors[lower] ?? '#000000');
  const [r2, g2, b2] = parseHex(colors[upper] ?? '#000000');
  const f = position - lower;
  const mix = (a: number, b: number) =>
    Math.round(a + (b - a) * f)
      .toString(16)
      .padStart(2, '0');
  return `#${mix(r1, r2)}${mix(g1, g2)}${mix(b1, b2)}`;
}
