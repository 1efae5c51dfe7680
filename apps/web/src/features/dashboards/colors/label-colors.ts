import type { DashboardJsonMetadata } from '@tessera/contracts';
import { createLabelColorResolver, type LabelColorResolver } from '@tessera/charts';

/**
 * The saved label → colour map of a dashboard: `map_label_colors` (what newer Superset writes), else
 * `shared_label_colors` when it is a map (older Superset wrote a map; newer a list of labels only).
 */
export function savedLabelColorMap(metadata: DashboardJsonMetadata): Record<string, string> {
  if (metadata.map_label_colors !== undefined) return metadata.map_label_colors;
  const shared = metadata.shared_label_colors;
  return shared !== undefined && !Array.isArray(shared) ? shared : {};
}

/** One resolver for a dashboard page: user-fixed label_colors, then the saved map, then the scheme. */
export function dashboardLabelColors(
  metadata: DashboardJsonMetadata,
  colorScheme: string | null,
): LabelColorResolver {
  return createLabelColorResolver({
    scheme: colorScheme,
    labelColors: metadata.label_colors ?? {},
    shared: savedLabelColorMap(metadata),
  });
}

/** The colour keys a save (or a colour sync) writes into json_metadata from the resolver's map. */
export function labelColorMetadata(
  snapshot: Record<string, string>,
): Pick<DashboardJsonMetadata, 'map_label_colors' | 'shared_label_colors'> {
  return { map_label_colors: snapshot, shared_label_colors: snapshot };
}

/** True when the resolver gave out a colour the saved map does not hold (or holds differently). */
export function labelColorsChanged(saved: Record<string, string>, snapshot: Record<string, string>): boolean {
  const keys = Object.keys(snapshot);
  return keys.length !== Object.keys(saved).length || keys.some((key) => saved[key] !== snapshot[key]);
}
