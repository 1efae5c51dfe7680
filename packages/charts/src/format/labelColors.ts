import type { ChartProps, LabelColorResolver } from '../plugin-api';
import { asOptionalString } from '../query/values';
import { categoricalColorScale, getCategoricalColors } from './colorSchemes';

export interface LabelColorResolverOptions {
  /** The dashboard's `color_scheme`; null or empty lets each chart's own scheme pick. */
  scheme?: string | null;
  /** `json_metadata.label_colors`: chosen by the user, never changed by the resolver. */
  labelColors?: Readonly<Record<string, string>>;
  /** A saved shared map (`map_label_colors` / `shared_label_colors`), so a reload keeps the colours. */
  shared?: Readonly<Record<string, string>>;
}

export function createLabelColorResolver(options: LabelColorResolverOptions = {}): LabelColorResolver {
  const dashboardScheme = options.scheme === '' ? null : (options.scheme ?? null);
  const fixed = new Map(Object.entries(options.labelColors ?? {}));
  const assigned = new Map<string, string>();
  // A saved colour is only kept when it still belongs to the scheme in use: after a scheme change the
  // labels are coloured afresh from the new scheme.
  const schemeColors = new Set(getCategoricalColors(dashboardScheme).map((c) => c.toLowerCase()));
  for (const [label, color] of Object.entries(options.shared ?? {})) {
    if (!fixed.has(label) && (dashboardScheme === null || schemeColors.has(color.toLowerCase()))) {
      assigned.set(label, color);
    }
  }
  const counts = new Map<string, number>();

  function nextColor(scheme: string | null): string {
    const colors = getCategoricalColors(scheme);
    if (colors.length === 0) return '#666666';
    const taken = new Set([...fixed.values(), ...assigned.values()].map((c) => c.toLowerCase()));
    const free = colors.find((c) => !taken.has(c.toLowerCase()));
    if (free !== undefined) return free;
    // Every colour is held: cycle through the scheme in order of assignment.
    const key = scheme ?? '';
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    return colors[n % colors.length] ?? '#666666';
  }

  return {
    color(label, chartScheme) {
      const own = fixed.get(label) ?? assigned.get(label);
      if (own !== undefined) return own;
      const color = nextColor(dashboardScheme ?? (chartScheme === '' ? null : (chartScheme ?? null)));
      assigned.set(label, color);
      return color;
    },
    snapshot() {
      return { ...Object.fromEntries(assigned), ...Object.fromEntries(fixed) };
    },
  };
}

/**
 * The label → colour function a plugin colours its series with: the dashboard's shared resolver when
 * the chart is on a dashboard, else the chart's own scheme (first seen, first colour).
 */
export function chartColorScale(
  chartProps: Pick<ChartProps, 'formData' | 'labelColors'>,
): (label: string) => string {
  const scheme = asOptionalString(chartProps.formData.color_scheme);
  const resolver = chartProps.labelColors;
  if (resolver === undefined) return categoricalColorScale(scheme);
  return (label) => resolver.color(label, scheme);
}
